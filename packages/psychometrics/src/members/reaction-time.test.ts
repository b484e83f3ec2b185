import { describe, expect, it } from 'vitest';
import { createRng } from '../core/rng';
import { FOREPERIOD_MS, reactionPlan, scoreReaction } from './reaction-time';

const ok = (rtMs: number | null, correct = true) => ({ rtMs, correct });

describe('reaction time cleaning', () => {
  it('discards anticipations and lapses, then takes the median and the scaled MAD', () => {
    const times = [250, 260, 270, 280, 290, 300, 310, 320, 330, 340, 250, 260, 270, 280, 290, 300];
    const trials = [...times.map((t) => ok(t)), ok(90), ok(120), ok(1600), ok(null)];
    const r = scoreReaction('simple', trials);
    expect(r.anticipations).toBe(2);
    expect(r.lapses).toBe(2);
    expect(r.kept).toBe(16);
    expect(r.medianMs).toBe(285);
    // Deviations from 285 sorted: 5×4, 15×4, 25×3, 35×3, 45, 55: median (15 + 25) / 2 = 20, times 1.4826.
    expect(r.spreadMs).toBe(29.7);
  });

  it('sets aside slow outliers more than 3 MADs above the median', () => {
    const base = Array.from({ length: 20 }, (_, i) => ok(300 + (i % 5) * 10));
    const r = scoreReaction('simple', [...base, ok(900)]);
    expect(r.lapses).toBe(1);
    expect(r.kept).toBe(20);
    expect(r.medianMs).toBe(320);
  });

  it('in choice mode a wrong key counts as an error, not in the median', () => {
    const trials = [...Array.from({ length: 20 }, () => ok(400)), ok(200, false), ok(210, false)];
    const r = scoreReaction('choice', trials);
    expect(r.errors).toBe(2);
    expect(r.medianMs).toBe(400);
  });

  it('gives no median when fewer than ten trials remain', () => {
    const trials = [...Array.from({ length: 12 }, () => ok(100)), ...Array.from({ length: 9 }, () => ok(300))];
    const r = scoreReaction('simple', trials);
    expect(r.medianMs).toBeNull();
    expect(r.spreadMs).toBeNull();
  });

  it('needs at least 20 trials and refuses negative times', () => {
    expect(() =>
      scoreReaction(
        'simple',
        Array.from({ length: 19 }, () => ok(300)),
      ),
    ).toThrow();
    expect(() => scoreReaction('simple', [...Array.from({ length: 20 }, () => ok(300)), ok(-5)])).toThrow();
  });

  it('plans random waits within the foreperiod and both sides in choice mode', () => {
    const plan = reactionPlan(createRng('p'), 'choice', 40);
    expect(plan.every((p) => p.waitMs >= FOREPERIOD_MS.min && p.waitMs <= FOREPERIOD_MS.max)).toBe(true);
    expect(new Set(plan.map((p) => p.side)).size).toBe(2);
    expect(new Set(plan.map((p) => p.waitMs)).size).toBeGreaterThan(20);
  });
});
