import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PsychometricsInputError } from '../core/errors';
import { createRng } from '../core/rng';
import { AXES, PERSONALITY_ITEMS } from './items';
import { axisMargin, type PersonalitySession, scorePersonality } from './score-personality';

function answer(fn: (it: (typeof PERSONALITY_ITEMS)[number], i: number) => number): PersonalitySession {
  return { responses: PERSONALITY_ITEMS.map((it, i) => ({ itemId: it.id, value: fn(it, i) })) };
}

/** A respondent with trait t per axis (positive = first pole), answering with noise. */
function simulated(seed: string, traits: Record<string, number>): PersonalitySession {
  const rng = createRng(seed);
  return answer((it) =>
    Math.min(5, Math.max(1, Math.round(3 + it.keying * 1.2 * (traits[it.axis] ?? 0) + 0.8 * rng.normal()))),
  );
}

describe('personality items', () => {
  it('has 32-48 items, balanced in keying on every axis', () => {
    expect(PERSONALITY_ITEMS.length).toBeGreaterThanOrEqual(32);
    expect(PERSONALITY_ITEMS.length).toBeLessThanOrEqual(48);
    for (const axis of AXES) {
      const items = PERSONALITY_ITEMS.filter((i) => i.axis === axis.id);
      expect(items.filter((i) => i.keying === 1).length).toBe(items.length / 2);
    }
    expect(new Set(PERSONALITY_ITEMS.map((i) => i.key)).size).toBe(PERSONALITY_ITEMS.length);
  });
});

describe('scorePersonality', () => {
  it('recovers the type of clear respondents', () => {
    const r = scorePersonality(simulated('intj', { EI: -1.5, SN: -1.5, TF: 1.5, JP: 1.5 }));
    if (!r.valid) throw new Error('expected valid');
    expect(r.type).toBe('INTJ');
    for (const a of r.axes) {
      expect(a.strength).toBeGreaterThan(0.3);
      expect(a.borderline).toBe(false);
    }
  });

  it('scores each axis continuously with strength and a borderline flag near the cut', () => {
    const r = scorePersonality(simulated('mixed', { EI: 2, SN: 0, TF: -0.8, JP: 0 }));
    if (!r.valid) throw new Error('expected valid');
    const ei = r.axes[0];
    expect(ei?.letter).toBe('E');
    expect(ei?.firstPolePercent).toBeGreaterThan(75);
    expect(r.axes[2]?.letter).toBe('F');
    for (const a of r.axes) {
      expect(a.score).toBeGreaterThanOrEqual(-1);
      expect(a.score).toBeLessThanOrEqual(1);
      expect(a.borderline).toBe(Math.abs(a.score) < 0.1);
      expect(a.noteKey).toBe(a.borderline ? 'personality.borderline' : null);
    }
  });

  it('gives each axis a 95% margin that widens with contradicting answers and never collapses to zero', () => {
    const consistent = scorePersonality(simulated('steady', { EI: 1.5, SN: -1.5, TF: 1.5, JP: -1.5 }));
    if (!consistent.valid) throw new Error('expected valid');
    for (const a of consistent.axes) {
      expect(a.marginPercent).toBeGreaterThan(0);
      expect(a.marginPercent).toBeLessThan(25);
    }
    expect(axisMargin([0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5])).toBeGreaterThan(0);
    // Statements of one axis contradicting each other: the same kind of centre, a far wider margin.
    expect(axisMargin([1, -1, 1, -1, 1, -1, 1, -1, 1, -1])).toBeGreaterThan(
      axisMargin([0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]) * 2,
    );
  });

  it('mirrors the type when every answer is reversed', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 40, maxLength: 40 }), (values) => {
        const a = scorePersonality(answer((_, i) => values[i] as number));
        const b = scorePersonality(answer((_, i) => 6 - (values[i] as number)));
        expect(a.valid).toBe(b.valid);
        if (a.valid && b.valid) {
          a.axes.forEach((x, k) => {
            expect(x.score).toBeCloseTo(-(b.axes[k]?.score ?? 0), 10);
          });
        }
      }),
    );
  });

  it('detects straight-lining and acquiescence instead of producing a type', () => {
    for (const v of [1, 2, 3, 4, 5]) {
      const r = scorePersonality(answer(() => v));
      expect(r.valid).toBe(false);
      if (!r.valid) expect(r.flags.map((f) => f.code)).toContain('straight-lining');
    }
    const yes = scorePersonality(answer((_, i) => (i % 3 === 0 ? 4 : 5)));
    expect(yes.valid).toBe(false);
    if (!yes.valid) expect(yes.flags.map((f) => f.code)).toContain('acquiescence');
  });

  it('rarely flags honest simulated respondents', () => {
    const rng = createRng('honest-personality');
    let flagged = 0;
    for (let i = 0; i < 500; i++) {
      const r = scorePersonality(
        simulated(`p${i}`, { EI: rng.normal(), SN: rng.normal(), TF: rng.normal(), JP: rng.normal() }),
      );
      if (!r.valid) flagged++;
    }
    expect(flagged / 500).toBeLessThan(0.02);
  });

  it('rejects malformed input with typed errors', () => {
    const good = answer(() => 3);
    const codeOf = (s: PersonalitySession) => {
      try {
        scorePersonality(s);
      } catch (e) {
        return e instanceof PsychometricsInputError ? e.code : 'other';
      }
      return 'none';
    };
    expect(codeOf({ responses: good.responses.slice(1) })).toBe('wrong_item_count');
    expect(codeOf({ responses: good.responses.map((r, i) => (i === 0 ? { ...r, value: 6 } : r)) })).toBe(
      'invalid_likert_value',
    );
    expect(codeOf({ responses: good.responses.map((r, i) => (i === 0 ? { ...r, value: 2.5 } : r)) })).toBe(
      'invalid_likert_value',
    );
    expect(codeOf({ responses: good.responses.map((r, i) => (i === 0 ? { ...r, itemId: 'zz' } : r)) })).toBe(
      'unknown_item',
    );
    expect(codeOf({ responses: good.responses.map((r, i) => (i === 0 ? { ...r, itemId: 'p02' } : r)) })).toBe(
      'duplicate_item',
    );
  });
});
