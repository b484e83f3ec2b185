import { describe, expect, it } from 'vitest';
import { axisEvidence, nearestType } from './axis-evidence';
import { PERSONALITY_ITEMS, type Pole } from './items';
import { scorePersonality } from './score-personality';

/** A sheet leaning to E, N, T, P with a few answers against: items cycle EI, SN, TF, JP. */
function sheet() {
  return {
    responses: PERSONALITY_ITEMS.map((it, i) => {
      const toFirst = { EI: 1, SN: -1, TF: 1, JP: -1 }[it.axis];
      // Strong toward the wanted pole, except every 7th statement which answers against it mildly.
      const strength = i % 7 === 0 ? -1 : i % 3 === 0 ? 2 : 1;
      return { itemId: it.id, value: 3 + toFirst * it.keying * strength };
    }),
  };
}

describe('axisEvidence', () => {
  it('quotes, per axis, the answers that pulled most toward the letter given and those against it', () => {
    const s = sheet();
    const result = scorePersonality(s);
    if (!result.valid) throw new Error('sheet should score');
    const letters = result.axes.map((a) => a.letter);
    expect(result.type).toBe('ENTP');
    const evidence = axisEvidence(s, letters);
    expect(evidence.map((e) => e.axis)).toEqual(['EI', 'SN', 'TF', 'JP']);
    for (const e of evidence) {
      const items = PERSONALITY_ITEMS.filter((it) => it.axis === e.axis).map((it) => it.id);
      expect(e.toward.length).toBeGreaterThan(0);
      expect(e.toward.length).toBeLessThanOrEqual(3);
      for (const a of [...e.toward, ...e.against]) expect(items).toContain(a.itemId);
      // Strongest first, and the answers quoted "toward" are at least as strong as any left out.
      const weights = e.toward.map((a) => a.weight);
      expect([...weights].sort((a, b) => b - a)).toEqual(weights);
      expect(weights[0]).toBe(1);
    }
    // Item p01 (EI, index 0) answers against E: it is quoted against the E letter.
    expect(evidence[0]?.against.map((a) => a.itemId)).toContain('p01');
  });

  it('never quotes a neutral answer, and flips sides with the letter', () => {
    const s = { responses: PERSONALITY_ITEMS.map((it) => ({ itemId: it.id, value: it.id === 'p01' ? 5 : 3 })) };
    const asE = axisEvidence(s, ['E', 'S', 'T', 'J'] as Pole[]);
    expect(asE[0]?.toward.map((a) => a.itemId)).toEqual(['p01']);
    expect(asE[0]?.against).toEqual([]);
    expect(asE[1]?.toward).toEqual([]);
    const asI = axisEvidence(s, ['I', 'S', 'T', 'J'] as Pole[]);
    expect(asI[0]?.toward).toEqual([]);
    expect(asI[0]?.against.map((a) => a.itemId)).toEqual(['p01']);
  });
});

describe('nearestType', () => {
  it('flips the letter of the axis closest to its cut', () => {
    expect(nearestType(['E', 'N', 'T', 'P'] as Pole[], [80, 30, 54, 20])).toEqual({ axis: 'TF', type: 'ENFP' });
    expect(nearestType(['I', 'S', 'F', 'J'] as Pole[], [48, 90, 10, 70])).toEqual({ axis: 'EI', type: 'ESFJ' });
  });
});
