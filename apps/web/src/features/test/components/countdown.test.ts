import { describe, expect, it } from 'vitest';
import { formatClock } from './countdown';

describe('formatClock', () => {
  it('shows hh:mm:ss and never a negative time', () => {
    expect(formatClock(1_500_000)).toBe('00:25:00');
    expect(formatClock(3_661_001)).toBe('01:01:02');
    expect(formatClock(-5)).toBe('00:00:00');
  });
});
