import { describe, expect, it } from 'vitest';
import { chiSquareP, normalCdf, normalQuantile, uniformChiSquare } from './normal';

describe('normal and chi-square helpers', () => {
  it('matches tabulated normal CDF values', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
    expect(normalCdf(2)).toBeCloseTo(0.97725, 5);
  });

  it('matches tabulated chi-square critical values', () => {
    expect(chiSquareP(11.0705, 5)).toBeCloseTo(0.05, 4);
    expect(chiSquareP(15.0863, 5)).toBeCloseTo(0.01, 4);
    expect(chiSquareP(3.841459, 1)).toBeCloseTo(0.05, 4);
    expect(chiSquareP(0, 5)).toBe(1);
  });

  it('tests counts against equal shares', () => {
    expect(uniformChiSquare([100, 100, 100, 100, 100, 100]).p).toBeCloseTo(1, 6);
    expect(uniformChiSquare([160, 100, 100, 100, 100, 40]).p).toBeLessThan(0.001);
  });
});

describe('normalQuantile', () => {
  it('inverts normalCdf', () => {
    for (const p of [0.001, 0.025, 0.2, 0.5, 0.8, 0.975, 0.999]) expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 6);
  });
});
