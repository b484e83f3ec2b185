import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../core/rng';
import { renderItemSvg } from '../render/render-item-svg';
import { LEVEL_BANDS } from './difficulty';
import { generateItem } from './generate-item';
import { matrixKey, panelKey } from './item-key';
import { LAYOUT_NAMES } from './layouts';
import { validateItem } from './solver';

const seed = fc.oneof(fc.string({ maxLength: 16 }), fc.integer());
const level = fc.integer({ min: 1, max: 5 });

describe('generateItem', () => {
  it('is deterministic: same seed and spec, same item', () => {
    fc.assert(
      fc.property(seed, level, (s, l) => {
        expect(generateItem(createRng(s), { level: l })).toEqual(generateItem(createRng(s), { level: l }));
      }),
      { numRuns: 150 },
    );
  });

  it('passes every solver check for any seed and level', () => {
    fc.assert(
      fc.property(seed, level, (s, l) => {
        const item = generateItem(createRng(s), { level: l });
        const check = validateItem(item);
        expect(check.problems).toEqual([]);
        expect(check.valid).toBe(true);
      }),
      { numRuns: 600 },
    );
  });

  it('renders six options that all look different, none like a context panel', () => {
    fc.assert(
      fc.property(seed, level, (s, l) => {
        const item = generateItem(createRng(s), { level: l });
        const svg = renderItemSvg(item, { panel: () => 'x', option: () => 'x' });
        expect(new Set(svg.options).size).toBe(6);
        for (const o of svg.options) expect(svg.context).not.toContain(o);
        expect(new Set(item.options.map(panelKey)).size).toBe(6);
      }),
      { numRuns: 300 },
    );
  });

  it('builds every layout', () => {
    const rng = createRng('layouts');
    for (const layout of LAYOUT_NAMES) {
      for (let i = 0; i < 40; i++) {
        const item = generateItem(rng, { level: 1 + (i % 5), layout });
        expect(item.layout).toBe(layout);
        expect(validateItem(item).valid).toBe(true);
      }
    }
  });

  it('keeps predicted difficulty inside the requested level band', () => {
    const rng = createRng('levels');
    for (let l = 1; l <= 5; l++) {
      const [lo, hi] = LEVEL_BANDS[l - 1] as readonly [number, number];
      for (let i = 0; i < 100; i++) {
        const item = generateItem(rng, { level: l });
        expect(item.level).toBe(l);
        expect(item.parameters.b).toBeGreaterThanOrEqual(lo);
        expect(item.parameters.b).toBeLessThan(hi);
      }
    }
  });

  it('spans b from about -2.5 to +3 with sensible discrimination', () => {
    const rng = createRng('span');
    const bs: number[] = [];
    const as: number[] = [];
    for (let i = 0; i < 3000; i++) {
      const item = generateItem(rng, { level: 1 + (i % 5) });
      bs.push(item.parameters.b);
      as.push(item.parameters.a);
    }
    expect(Math.min(...bs)).toBeLessThan(-2.3);
    expect(Math.max(...bs)).toBeGreaterThan(2.9);
    expect(Math.min(...as)).toBeGreaterThan(0.8);
    expect(Math.max(...as)).toBeLessThan(2.5);
  });

  it('hits a target difficulty', () => {
    const rng = createRng('target');
    for (const target of [-2.2, -1, 0, 1.2, 2.6]) {
      const item = generateItem(rng, { targetB: target });
      expect(Math.abs(item.parameters.b - target)).toBeLessThan(0.1);
    }
  });

  it('carries its rules as data with locale keys', () => {
    const item = generateItem(createRng('rules'), { level: 4 });
    expect(item.rules.length).toBeGreaterThanOrEqual(3);
    expect(item.rules.some((r) => r.rule !== 'constant')).toBe(true);
    for (const r of item.rules) {
      expect(r.rows).toHaveLength(3);
      expect(r.explanation.key).toMatch(/^engine\.explain\./);
      expect(r.explanation.paramKeys.attribute).toBe(`engine.attribute.${r.attribute}`);
    }
  });

  it('does not repeat puzzles', () => {
    const rng = createRng('unique');
    const keys = new Set<string>();
    for (let i = 0; i < 5000; i++) keys.add(matrixKey(generateItem(rng, { level: 1 + (i % 5) })));
    expect(keys.size).toBe(5000);
  });
});
