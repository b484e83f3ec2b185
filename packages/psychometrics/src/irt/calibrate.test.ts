import { describe, expect, it } from 'vitest';
import { PsychometricsInputError } from '../core/errors';
import { createRng } from '../core/rng';
import { assembleForm } from '../forms/assemble-form';
import { calibrate, type ResponseRow } from './calibrate';
import { p3pl } from './model';

function simulate(seed: string, n: number) {
  const rng = createRng(seed);
  const truth = assembleForm(rng).items.map((it) => ({ a: it.parameters.a, b: it.parameters.b }));
  const rows: ResponseRow[] = Array.from({ length: n }, () => {
    const theta = rng.normal();
    return truth.map((t) => (rng.next() < p3pl(theta, t.a, t.b) ? 1 : 0));
  });
  return { truth, rows };
}

const rmse = (xs: number[]) => Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / xs.length);

describe('calibrate (MML-EM, c fixed at 1/6)', () => {
  it('recovers b at N = 500 (RMSE < 0.3 on each of three replications)', () => {
    const errors: number[] = [];
    for (const seed of ['cal-1', 'cal-2', 'cal-3']) {
      const { truth, rows } = simulate(seed, 500);
      const fit = calibrate(rows);
      expect(fit.converged).toBe(true);
      const e = fit.items.map((it, i) => it.b - (truth[i]?.b ?? 0));
      expect(rmse(e)).toBeLessThan(0.3);
      // Scale is anchored by the N(0,1) population: no overall drift.
      expect(Math.abs(e.reduce((s, x) => s + x, 0) / e.length)).toBeLessThan(0.15);
      errors.push(...e);
    }
    expect(rmse(errors)).toBeLessThan(0.25);
  });

  it('recovers a within a useful margin and b almost perfectly correlated with the truth', () => {
    const { truth, rows } = simulate('cal-a', 500);
    const fit = calibrate(rows);
    expect(rmse(fit.items.map((it, i) => it.a - (truth[i]?.a ?? 0)))).toBeLessThan(0.45);
    const est = fit.items.map((it) => it.b);
    const tru = truth.map((t) => t.b);
    const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
    const me = mean(est);
    const mt = mean(tru);
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    est.forEach((e, i) => {
      const t = tru[i] as number;
      sxy += (e - me) * (t - mt);
      sxx += (e - me) ** 2;
      syy += (t - mt) ** 2;
    });
    expect(sxy / Math.sqrt(sxx * syy)).toBeGreaterThan(0.98);
  });

  it('handles items not seen by everyone (null cells)', () => {
    const { truth, rows } = simulate('cal-missing', 600);
    const holed = rows.map((r, p) => r.map((x, i) => ((p + i) % 3 === 0 ? null : x)));
    const fit = calibrate(holed);
    expect(rmse(fit.items.map((it, i) => it.b - (truth[i]?.b ?? 0)))).toBeLessThan(0.4);
  });

  it('rejects malformed matrices', () => {
    expect(() => calibrate([])).toThrow(PsychometricsInputError);
    expect(() => calibrate([[1, 0], [1]])).toThrow(PsychometricsInputError);
    expect(() => calibrate([[1, 2 as 0]])).toThrow(/0, 1 or null/);
  });
});
