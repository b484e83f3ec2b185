import { PsychometricsInputError } from '../core/errors';
import type { Rng } from '../core/rng';

/**
 * Reaction time, simple (press when the signal appears) and choice (press the key of the side it appears
 * on). Faster-than-possible presses (anticipations, < 150 ms: no one perceives and responds that fast; Luce
 * 1986, Whelan 2008) and lapses (slower than 1500 ms, or more than 3 scaled MADs above the median: the mind
 * was elsewhere) are set aside, so the median and its spread describe the person's usual speed. The median
 * is used rather than the mean because reaction times are skewed to the right.
 */
export const REACTION_MIN_TRIALS = 20;
export const REACTION_MAX_TRIALS = 60;
export const ANTICIPATION_MS = 150;
export const LAPSE_MS = 1500;
export const LAPSE_MADS = 3;
/** The fewest kept trials that give a result. */
export const REACTION_MIN_KEPT = 10;
/** The wait before the signal is drawn from this range, so it cannot be timed in advance. */
export const FOREPERIOD_MS = { min: 1000, max: 3000 } as const;

export type ReactionMode = 'simple' | 'choice';

export interface ReactionTrial {
  /** Milliseconds from the signal being drawn to the key press; null when no key was pressed in time. */
  readonly rtMs: number | null;
  /** Choice mode: whether the right key was pressed (simple mode: always true). */
  readonly correct: boolean;
}

export interface ReactionResult {
  readonly mode: ReactionMode;
  readonly trials: number;
  readonly kept: number;
  readonly anticipations: number;
  readonly lapses: number;
  /** Choice mode: wrong keys (not counted in the median). */
  readonly errors: number;
  /** Null when fewer than REACTION_MIN_KEPT trials remain. */
  readonly medianMs: number | null;
  /** Median absolute deviation, scaled by 1.4826 to be comparable with a standard deviation. */
  readonly spreadMs: number | null;
}

function median(sorted: readonly number[]): number {
  const n = sorted.length;
  const mid = Math.floor(n / 2);
  return n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Cleans the trials and summarises what remains. */
export function scoreReaction(mode: ReactionMode, trials: readonly ReactionTrial[]): ReactionResult {
  if (trials.length < REACTION_MIN_TRIALS || trials.length > REACTION_MAX_TRIALS)
    throw new PsychometricsInputError('invalid_task', `Reaction time needs ${REACTION_MIN_TRIALS} trials or more`);
  let anticipations = 0;
  let lapses = 0;
  let errors = 0;
  const timed: number[] = [];
  for (const t of trials) {
    if (t.rtMs !== null && (!Number.isFinite(t.rtMs) || t.rtMs < 0))
      throw new PsychometricsInputError('negative_time', 'Reaction time out of range');
    if (t.rtMs === null || t.rtMs > LAPSE_MS) lapses++;
    else if (t.rtMs < ANTICIPATION_MS) anticipations++;
    else if (mode === 'choice' && !t.correct) errors++;
    else timed.push(t.rtMs);
  }
  timed.sort((a, b) => a - b);
  // Slow outliers relative to the person's own times: 3 scaled MADs above a first median.
  let kept = timed;
  if (timed.length > 0) {
    const m = median(timed);
    const mad = 1.4826 * median(timed.map((x) => Math.abs(x - m)).sort((a, b) => a - b));
    if (mad > 0) kept = timed.filter((x) => x <= m + LAPSE_MADS * mad);
    lapses += timed.length - kept.length;
  }
  const enough = kept.length >= REACTION_MIN_KEPT;
  const m = enough ? median(kept) : null;
  const spread = m === null ? null : 1.4826 * median(kept.map((x) => Math.abs(x - m)).sort((a, b) => a - b));
  return {
    mode,
    trials: trials.length,
    kept: kept.length,
    anticipations,
    lapses,
    errors,
    medianMs: m === null ? null : round1(m),
    spreadMs: spread === null ? null : round1(spread),
  };
}

/** The plan of a run: each trial's wait before the signal and, in choice mode, its side (0 left, 1 right). */
export function reactionPlan(rng: Rng, mode: ReactionMode, trials: number): { waitMs: number; side: 0 | 1 }[] {
  return Array.from({ length: trials }, () => ({
    waitMs: FOREPERIOD_MS.min + Math.round(rng.next() * (FOREPERIOD_MS.max - FOREPERIOD_MS.min)),
    side: mode === 'choice' ? (rng.int(2) as 0 | 1) : 0,
  }));
}
