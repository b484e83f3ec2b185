import { describe, expect, it } from 'vitest';
import { createRng } from '../core/rng';
import { generateItem } from '../items/generate-item';
import type { MatrixItem, Panel } from '../items/types';
import { auditOptionsOnly } from './options-only';

function items(seed: string, n: number): MatrixItem[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, (_, i) => generateItem(rng, { level: 1 + (i % 5) }));
}

describe('options-only (context-blind) strategies', () => {
  it('pick the answer no more than 18.7% of the time on 6,000 items of every level', () => {
    const report = auditOptionsOnly(items('oo-test', 6000), items('oo-train', 6000));
    for (const s of report.strategies) expect(s.accuracy, s.name).toBeLessThanOrEqual(0.187);
    expect(report.bestAccuracy).toBeLessThanOrEqual(0.187);
    expect(report.strategies.length).toBeGreaterThanOrEqual(8);
  });

  it('would catch leaky distractors (I-RAVEN style flaw: distractors each change one attribute)', () => {
    // Old RAVEN made each distractor by changing one attribute of the answer, so the
    // answer holds the most common value everywhere. The audit must expose that.
    const leaky = items('oo-leaky', 600).map((it): MatrixItem => {
      const answer = it.options[it.answerIndex] as Panel;
      const fields = ['shape', 'size', 'fill'] as const;
      const options = it.options.map((_, i) => {
        if (i === it.answerIndex) return answer;
        const f = fields[i % 3] as (typeof fields)[number];
        return {
          components: answer.components.map((c, k) =>
            k === 0 ? { ...c, [f]: c[f] === 1 ? 2 : c[f] - 1, positions: c.positions } : c,
          ),
        };
      });
      return { ...it, options };
    });
    const report = auditOptionsOnly(leaky, leaky);
    expect(report.bestAccuracy).toBeGreaterThan(0.5);
  });
});
