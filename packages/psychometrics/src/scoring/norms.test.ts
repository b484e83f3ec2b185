import { describe, expect, it } from 'vitest';
import { expectedTimeMs, isProvisional, MODEL_PRIOR_NORM } from './norms';

describe('norm records', () => {
  it('is provisional below the configured sample size', () => {
    expect(isProvisional(MODEL_PRIOR_NORM)).toBe(true);
    const norm = { ...MODEL_PRIOR_NORM, sampleSize: 2500 };
    expect(isProvisional(norm)).toBe(false);
    expect(isProvisional(norm, 3000)).toBe(true);
  });

  it('expects more time on harder items', () => {
    expect(expectedTimeMs(MODEL_PRIOR_NORM.timing, 2)).toBeGreaterThan(expectedTimeMs(MODEL_PRIOR_NORM.timing, -2));
    expect(expectedTimeMs(MODEL_PRIOR_NORM.timing, 0)).toBe(1000 * MODEL_PRIOR_NORM.timing.baseSeconds);
  });
});
