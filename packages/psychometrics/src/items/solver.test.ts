import { describe, expect, it } from 'vitest';
import { createRng } from '../core/rng';
import { generateItem } from './generate-item';
import { numericPredictions, positionPredictions } from './hypotheses';
import { canonicalMask } from './layouts';
import { solveItem, validateItem } from './solver';
import type { MatrixItem, Panel } from './types';

function sample(seed: string, level = 3): MatrixItem {
  return generateItem(createRng(seed), { level });
}

describe('hypotheses', () => {
  it('completes each numeric rule', () => {
    expect([...numericPredictions([2, 2, 2, 5, 5, 5, 4, 4], 1, 6)]).toEqual([4]);
    expect([...numericPredictions([1, 2, 3, 3, 4, 5, 2, 3], 1, 6)]).toEqual([4]);
    expect([...numericPredictions([1, 3, 4, 2, 2, 4, 3, 2], 1, 6)]).toEqual([5]);
    expect([...numericPredictions([5, 2, 3, 6, 1, 5, 4, 3], 1, 6)]).toEqual([1]);
    expect([...numericPredictions([1, 4, 6, 6, 1, 4, 4, 6], 1, 6)]).toEqual([1]);
  });

  it('reports every completion when rows 1 and 2 fit several rules', () => {
    // Rows (1,2,3) twice fit progression (+1), addition and distribute-three; row 3 starts (2,3).
    expect([...numericPredictions([1, 2, 3, 1, 2, 3, 2, 3], 1, 6)].sort()).toEqual([1, 4, 5]);
  });

  it('completes slot rules, including count rules on canonical patterns', () => {
    const shift = (m: number) => ((m << 1) | (m >> 3)) & 0b1111;
    const p = 0b0011;
    const q = 0b0101;
    const r = 0b0001;
    expect([
      ...positionPredictions([p, shift(p), shift(shift(p)), q, shift(q), shift(shift(q)), r, shift(r)], 4),
    ]).toContain(shift(shift(r)));
    const c = (n: number) => canonicalMask(9, n);
    const counts = [c(1), c(3), c(5), c(2), c(4), c(6), c(4), c(6)];
    expect([...positionPredictions(counts, 9)]).toEqual([c(8)]);
  });
});

describe('solveItem / validateItem', () => {
  it('solves generated items from the panels alone', () => {
    for (let i = 0; i < 50; i++) {
      const item = sample(`solve-${i}`, 1 + (i % 5));
      const solved = solveItem(item);
      expect(solved.prediction).not.toBeNull();
      expect(solved.matchingOptions).toEqual([item.answerIndex]);
    }
  });

  it('rejects a wrong key', () => {
    const item = sample('wrong-key');
    const bad = { ...item, answerIndex: (item.answerIndex + 1) % 6 };
    expect(validateItem(bad).valid).toBe(false);
    expect(validateItem(bad).problems.join()).toMatch(/keyed answer/);
  });

  it('rejects duplicate options and options equal to a context panel', () => {
    const item = sample('dupes');
    const other = item.answerIndex === 0 ? 1 : 0;
    const options = item.options.slice();
    options[other] = options[item.answerIndex === 1 ? 2 : item.answerIndex === 2 ? 3 : 2] as Panel;
    expect(validateItem({ ...item, options }).problems.join()).toMatch(/not all different/);
    const copyContext = item.options.slice();
    copyContext[other] = item.context[0] as Panel;
    expect(validateItem({ ...item, options: copyContext }).problems.join()).toMatch(/equals a context panel/);
  });

  it('rejects two options that both satisfy the rules', () => {
    const item = sample('two-answers');
    const options = item.options.slice();
    const other = item.answerIndex === 0 ? 1 : 0;
    options[other] = options[item.answerIndex] as Panel;
    expect(validateItem({ ...item, options }).problems.join()).toMatch(/2 options satisfy/);
  });

  it('rejects a matrix whose rows fit no rule', () => {
    const item = sample('no-rule', 2);
    const context = item.context.slice();
    const p = context[1] as Panel;
    const c0 = p.components[0];
    if (!c0) throw new Error('no component');
    // Push one attribute of panel 2 to a level no rule can reach from its neighbours.
    const broken = { ...c0, size: c0.size === 6 ? 1 : 6, shape: c0.shape === 5 ? 1 : 5 };
    context[1] = { components: [broken, ...p.components.slice(1)] };
    const check = validateItem({ ...item, context });
    expect(check.valid).toBe(false);
  });

  it('flags an option-frequency cue', () => {
    const item = sample('cue', 3);
    const answer = item.options[item.answerIndex] as Panel;
    // Make every distractor share the answer's shape except one: the answer's shape is then in 5 of 6.
    const options = item.options.map((o, i) =>
      i === item.answerIndex || i === (item.answerIndex + 1) % 6
        ? o
        : { components: o.components.map((c, k) => ({ ...c, shape: answer.components[k]?.shape ?? c.shape })) },
    );
    const check = validateItem({ ...item, options });
    expect(check.valid).toBe(false);
  });
});
