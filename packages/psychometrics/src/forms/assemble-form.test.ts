import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRng } from '../core/rng';
import { testInformation } from '../irt/model';
import { matrixKey } from '../items/item-key';
import { validateItem } from '../items/solver';
import { assembleForm } from './assemble-form';
import { balancedKeyPositions, longestRun, MAX_KEY_RUN } from './balanced-key';
import { standardBlueprint } from './blueprint';

describe('assembleForm', () => {
  it('builds 30 valid items in 3 parts of 10 with rising difficulty', () => {
    const form = assembleForm(createRng('form-shape'));
    expect(form.items).toHaveLength(30);
    expect(form.partOf).toEqual([...Array(10).fill(1), ...Array(10).fill(2), ...Array(10).fill(3)]);
    const bs = form.items.map((it) => it.parameters.b);
    for (let i = 1; i < bs.length; i++) expect(bs[i] as number).toBeGreaterThanOrEqual((bs[i - 1] as number) - 0.1);
    const mean = (p: number) => bs.filter((_, i) => form.partOf[i] === p).reduce((s, b) => s + b, 0) / 10;
    expect(mean(1)).toBeLessThan(mean(2));
    expect(mean(2)).toBeLessThan(mean(3));
    for (const it of form.items) expect(validateItem(it).valid).toBe(true);
    expect(new Set(form.items.map((it) => it.id)).size).toBe(30);
  });

  it('is deterministic per seed and fresh across seeds', () => {
    expect(assembleForm(createRng('same'))).toEqual(assembleForm(createRng('same')));
    const a = new Set(assembleForm(createRng('one')).items.map(matrixKey));
    const b = assembleForm(createRng('two')).items.map(matrixKey);
    expect(b.filter((k) => a.has(k))).toEqual([]);
  });

  it('makes parallel forms: information curves within 10% over theta -2..2', () => {
    const grid = Array.from({ length: 17 }, (_, i) => -2 + i * 0.25);
    const rng = createRng('parallel');
    const curves = Array.from({ length: 40 }, () => {
      const params = assembleForm(rng).items.map((it) => it.parameters);
      return grid.map((t) => testInformation(t, params));
    });
    grid.forEach((theta, k) => {
      const values = curves.map((c) => c[k] as number);
      expect(Math.max(...values) / Math.min(...values), `theta ${theta}`).toBeLessThanOrEqual(1.1);
    });
  });

  it('puts enough information at theta 0 for SE <= 0.45', () => {
    const params = assembleForm(createRng('se')).items.map((it) => it.parameters);
    // Posterior SD with the N(0,1) prior is about 1 / sqrt(1 + I(0)).
    expect(1 / Math.sqrt(1 + testInformation(0, params))).toBeLessThanOrEqual(0.45);
  });

  it('follows a custom blueprint', () => {
    const blueprint = standardBlueprint(4, [
      [-1, -0.5],
      [0, 0.5],
    ]);
    const form = assembleForm(createRng('custom'), { blueprint, poolSize: 400 });
    expect(form.items).toHaveLength(8);
    form.items.forEach((it, i) => {
      expect(Math.abs(it.parameters.b - (blueprint[i]?.targetB ?? 0))).toBeLessThan(0.15);
    });
  });
});

describe('the answer key', () => {
  it('uses every position equally often, never more than twice in a row', () => {
    const rng = createRng('balanced-keys');
    for (let f = 0; f < 60; f++) {
      const positions = assembleForm(rng).items.map((it) => it.answerIndex);
      const counts = [0, 1, 2, 3, 4, 5].map((p) => positions.filter((x) => x === p).length);
      expect(Math.max(...counts) - Math.min(...counts), positions.join('')).toBeLessThanOrEqual(1);
      expect(longestRun(positions), positions.join('')).toBeLessThanOrEqual(MAX_KEY_RUN);
    }
  });

  it('without balancing, draws the same forms as before keys were balanced (stored sessions redraw them)', () => {
    const form = assembleForm(createRng('0123456789abcdef0123456789abcdef'), { balanceKey: false });
    expect(form.items.map((it) => it.answerIndex).join('')).toBe('014042032305102132550332210145');
    expect(createHash('sha256').update(JSON.stringify(form)).digest('hex').slice(0, 32)).toBe(
      '60e9effefbac9284b0a81a0c4dbe0254',
    );
  });

  it('keeps the shown answer correct where the key puts it', () => {
    const form = assembleForm(createRng('moved-answers'));
    for (const it of form.items) expect(validateItem(it).valid).toBe(true);
  });
});

describe('balancedKeyPositions', () => {
  it('is deterministic per seed and balanced for lengths that do not divide by six', () => {
    expect(balancedKeyPositions(createRng('k'), 31)).toEqual(balancedKeyPositions(createRng('k'), 31));
    const p = balancedKeyPositions(createRng('odd'), 31);
    const counts = [0, 1, 2, 3, 4, 5].map((v) => p.filter((x) => x === v).length);
    expect(counts.sort()).toEqual([5, 5, 5, 5, 5, 6]);
    expect(longestRun(p)).toBeLessThanOrEqual(MAX_KEY_RUN);
  });
});
