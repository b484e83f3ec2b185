import { describe, expect, it } from 'vitest';
import { formatClock, offerPhase, offerRemainingMs, serverOffsetMs } from './offer';

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

describe('offer countdown', () => {
  it('measures the server clock against the device clock', () => {
    expect(serverOffsetMs(iso(T0 + 5000), T0)).toBe(5000);
    expect(serverOffsetMs(iso(T0 - 90_000), T0)).toBe(-90_000);
    expect(serverOffsetMs('garbage', T0)).toBe(0);
  });

  it('counts down to the deadline on the server clock, never below zero', () => {
    const deadline = iso(T0 + 15 * 60_000);
    expect(offerRemainingMs(deadline, 0, T0)).toBe(15 * 60_000);
    // The device is 2 minutes behind the server: 2 minutes less are left.
    expect(offerRemainingMs(deadline, 120_000, T0)).toBe(13 * 60_000);
    expect(offerRemainingMs(deadline, 0, T0 + 20 * 60_000)).toBe(0);
    expect(offerRemainingMs(null, 0, T0)).toBeNull();
  });

  it('shows a countdown only for an active offer with a deadline ahead', () => {
    const running = { deadline: iso(T0 + 60_000), active: true, serverNow: iso(T0) };
    expect(offerPhase(running, 0, T0)).toBe('running');
    expect(offerPhase(running, 0, T0 + 60_000)).toBe('ended');
    expect(offerPhase({ ...running, active: false }, 0, T0)).toBe('none');
    expect(offerPhase({ ...running, deadline: null }, 0, T0)).toBe('none');
  });

  it('formats hh:mm:ss, rounding up partial seconds', () => {
    expect(formatClock(15 * 60_000)).toBe('00:15:00');
    expect(formatClock(3_661_001)).toBe('01:01:02');
    expect(formatClock(1)).toBe('00:00:01');
    expect(formatClock(-5)).toBe('00:00:00');
  });
});
