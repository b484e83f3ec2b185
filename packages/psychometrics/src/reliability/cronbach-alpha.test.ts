import { describe, expect, it } from 'vitest';
import { PsychometricsInputError } from '../core/errors';
import { createRng } from '../core/rng';
import { axisReliability } from '../personality/axis-reliability';
import { PERSONALITY_ITEMS } from '../personality/items';
import { cronbachAlpha } from './cronbach-alpha';

describe('cronbachAlpha', () => {
  it('matches hand-computed examples', () => {
    // Perfectly parallel items: alpha 1.
    expect(
      cronbachAlpha([
        [1, 1, 1],
        [2, 2, 2],
        [3, 3, 3],
        [4, 4, 4],
      ]),
    ).toBeCloseTo(1, 10);
    // Two items, three people: item variances 1 and 1; totals 3, 3, 6 have variance 3: 2 * (1 - 2/3).
    expect(
      cronbachAlpha([
        [1, 2],
        [2, 1],
        [3, 3],
      ]),
    ).toBeCloseTo(2 / 3, 10);
  });

  it('is null when undefined and rejects malformed matrices', () => {
    expect(cronbachAlpha([[1, 2, 3]])).toBeNull();
    expect(
      cronbachAlpha([
        [3, 3],
        [3, 3],
      ]),
    ).toBeNull();
    expect(() => cronbachAlpha([])).toThrow(PsychometricsInputError);
    expect(() => cronbachAlpha([[1], [2]])).toThrow(PsychometricsInputError);
    expect(() => cronbachAlpha([[1, 2], [3]])).toThrow(PsychometricsInputError);
    expect(() =>
      cronbachAlpha([
        [1, Number.NaN],
        [3, 4],
      ]),
    ).toThrow(PsychometricsInputError);
  });
});

describe('axisReliability', () => {
  it('is high for respondents driven by one trait per axis and near zero for random answers', () => {
    const rng = createRng('alpha');
    const trait = () => rng.normal();
    const consistent = Array.from({ length: 300 }, () => {
      const t: Record<string, number> = { EI: trait(), SN: trait(), TF: trait(), JP: trait() };
      return {
        responses: PERSONALITY_ITEMS.map((it) => ({
          itemId: it.id,
          value: Math.min(5, Math.max(1, Math.round(3 + it.keying * 1.2 * (t[it.axis] ?? 0) + 0.8 * rng.normal()))),
        })),
      };
    });
    for (const a of axisReliability(consistent)) {
      expect(a.sampleSize).toBe(300);
      expect(a.alpha).toBeGreaterThan(0.8);
    }
    const random = Array.from({ length: 300 }, () => ({
      responses: PERSONALITY_ITEMS.map((it) => ({ itemId: it.id, value: 1 + Math.floor(rng.next() * 5) })),
    }));
    for (const a of axisReliability(random)) expect(Math.abs(a.alpha ?? 1)).toBeLessThan(0.3);
  });
});
