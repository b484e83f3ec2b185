import { describe, expect, it } from 'vitest';
import { GUESSING, itemInformation, p3pl } from './model';

describe('3PL model', () => {
  it('has the guessing floor at 1/6 and passes the midpoint at b', () => {
    expect(p3pl(-50, 1.5, 0)).toBeCloseTo(GUESSING, 10);
    expect(p3pl(50, 1.5, 0)).toBeCloseTo(1, 10);
    expect(p3pl(0.7, 1.3, 0.7)).toBeCloseTo(GUESSING + (1 - GUESSING) / 2, 10);
  });

  it("information equals the numeric derivative form P'^2 / (P Q)", () => {
    for (const [t, a, b] of [
      [0, 1.5, 0],
      [-1, 1.2, 0.5],
      [2, 1.8, 1],
    ] as const) {
      const h = 1e-5;
      const d = (p3pl(t + h, a, b) - p3pl(t - h, a, b)) / (2 * h);
      const p = p3pl(t, a, b);
      expect(itemInformation(t, a, b)).toBeCloseTo((d * d) / (p * (1 - p)), 6);
    }
  });
});
