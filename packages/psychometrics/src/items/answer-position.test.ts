import { describe, expect, it } from 'vitest';
import { uniformChiSquare } from '../core/normal';
import { createRng } from '../core/rng';
import { generateItem } from './generate-item';

describe('answer position', () => {
  it('is uniform over the six slots (chi-square p > .01 on 6,000 items)', () => {
    const rng = createRng('answer-position');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 6000; i++) {
      const item = generateItem(rng, { level: 1 + (i % 5) });
      counts[item.answerIndex] = (counts[item.answerIndex] ?? 0) + 1;
    }
    const { p } = uniformChiSquare(counts);
    expect(p).toBeGreaterThan(0.01);
  });

  it('the chi-square check would catch a biased key', () => {
    // Same statistic on a slightly biased placement (answer in slot 0 one time in five).
    const rng = createRng('biased');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 6000; i++) {
      const slot = rng.next() < 0.2 ? 0 : rng.int(6);
      counts[slot] = (counts[slot] ?? 0) + 1;
    }
    expect(uniformChiSquare(counts).p).toBeLessThan(0.01);
  });
});
