import { describe, expect, it } from 'vitest';
import { secondsLeft } from './success-countdown';

describe('report countdown', () => {
  it('counts whole seconds down to the deadline', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
});
