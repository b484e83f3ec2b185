import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uniformChiSquare } from './normal';
import { createRng, shuffled } from './rng';

describe('createRng', () => {
  it('gives the same stream for the same seed, string or number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer()), (seed) => {
        const a = createRng(seed);
        const b = createRng(seed);
        for (let i = 0; i < 20; i++) expect(a.next()).toBe(b.next());
      }),
    );
  });

  it('gives different streams for different seeds and for forks', () => {
    const a = createRng('session-1');
    const b = createRng('session-2');
    expect(a.next()).not.toBe(b.next());
    const root = createRng('x');
    const f1 = root.fork('items');
    const f2 = root.fork('items');
    // Forking advances the parent, so two forks with one label still differ.
    expect(f1.next()).not.toBe(f2.next());
  });

  it('stays in [0, 1) and draws integers uniformly', () => {
    const rng = createRng(42);
    const counts = [0, 0, 0, 0, 0, 0];
    let outside = 0;
    for (let i = 0; i < 60_000; i++) {
      const u = rng.next();
      if (!(u >= 0 && u < 1)) outside++;
      const k = rng.int(6);
      counts[k] = (counts[k] ?? 0) + 1;
    }
    expect(outside).toBe(0);
    expect(uniformChiSquare(counts).p).toBeGreaterThan(0.001);
  });

  it('draws normal deviates with mean 0 and SD 1', () => {
    const rng = createRng('normal');
    let s = 0;
    let s2 = 0;
    const n = 40_000;
    for (let i = 0; i < n; i++) {
      const z = rng.normal();
      s += z;
      s2 += z * z;
    }
    expect(Math.abs(s / n)).toBeLessThan(0.03);
    expect(Math.abs(Math.sqrt(s2 / n - (s / n) ** 2) - 1)).toBeLessThan(0.03);
  });

  it('shuffles into a permutation', () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.integer(), { maxLength: 30 }), (seed, xs) => {
        const out = shuffled(createRng(seed), xs);
        expect([...out].sort()).toEqual([...xs].sort());
      }),
    );
  });
});
