import { describe, expect, it } from 'vitest';
import { createRng } from '../core/rng';
import { CORSI_BLOCKS, corsiNextLength, corsiSequence, scoreCorsi } from './corsi';

/** A run where the person repeats every sequence up to `capacity` and misses every longer one. */
function run(capacity: number, seed = 'c') {
  const rng = createRng(seed);
  const trials = [];
  const outcomes: { length: number; correct: boolean }[] = [];
  for (let len = corsiNextLength(outcomes); len !== null; len = corsiNextLength(outcomes)) {
    const sequence = corsiSequence(rng, len);
    const correct = len <= capacity;
    const response = correct ? sequence : [...sequence].reverse();
    trials.push({ sequence, response });
    outcomes.push({ length: len, correct });
  }
  return trials;
}

describe('Corsi span', () => {
  it('draws distinct blocks in range', () => {
    const s = corsiSequence(createRng(1), 9);
    expect(new Set(s).size).toBe(9);
    expect(s.every((b) => b >= 0 && b < CORSI_BLOCKS)).toBe(true);
  });

  it('grows until two misses at a length; the span is the longest length repeated', () => {
    const r = scoreCorsi(run(5));
    expect(r.span).toBe(5);
    expect(r.complete).toBe(true);
    // Lengths 2..5 twice each, then two misses at 6.
    expect(r.trials.map((t) => t.length)).toEqual([2, 2, 3, 3, 4, 4, 5, 5, 6, 6]);
  });

  it('one success of two at a length is enough to go on', () => {
    expect(
      corsiNextLength([
        { length: 4, correct: false },
        { length: 4, correct: true },
      ]),
    ).toBe(5);
    expect(
      corsiNextLength([
        { length: 4, correct: false },
        { length: 4, correct: false },
      ]),
    ).toBeNull();
    expect(corsiNextLength([{ length: 4, correct: false }])).toBe(4);
  });

  it('a perfect run stops at nine blocks with span 9; none right gives 0', () => {
    expect(scoreCorsi(run(9)).span).toBe(9);
    expect(scoreCorsi(run(9)).complete).toBe(true);
    expect(scoreCorsi(run(1)).span).toBe(0);
  });

  it('an unfinished run is scored but marked incomplete', () => {
    const r = scoreCorsi(run(5).slice(0, 3));
    expect(r.complete).toBe(false);
    expect(r.span).toBe(3);
  });

  it('refuses trials that do not follow the protocol', () => {
    expect(() => scoreCorsi([{ sequence: [1, 2, 3], response: [1, 2, 3] }])).toThrow();
    expect(() => scoreCorsi([{ sequence: [1, 1], response: [1, 1] }])).toThrow();
    expect(() => scoreCorsi([{ sequence: [1, 9], response: [1, 9] }])).toThrow();
    const done = run(2);
    expect(() => scoreCorsi([...done, { sequence: [1, 2, 3, 4], response: [1, 2, 3, 4] }])).toThrow();
  });
});
