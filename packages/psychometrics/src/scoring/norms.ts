/**
 * Where the reference values come from. The IQ scale itself is the theta metric
 * fixed by calibration (population N(0, 1)); the norm record says how many real
 * people back that metric and the timing references, and since when.
 */
export interface NormRecord {
  readonly id: string;
  /** Respondents the norm was estimated from; 0 for the model prior. */
  readonly sampleSize: number;
  /** ISO date (YYYY-MM-DD) the norm was fixed. */
  readonly collectedOn: string;
  readonly timing: TimingNorm;
  /** Mean number of focus losses (tab or app switches) per session. */
  readonly focusLossMean: number;
}

/**
 * Lognormal response-time reference (van der Linden 2006): the median time on an
 * item of difficulty b is baseSeconds * exp(perB * b); people differ in speed with
 * SD `speedSd` on the log scale, and single responses scatter with `noiseSd`.
 */
export interface TimingNorm {
  readonly baseSeconds: number;
  readonly perB: number;
  /** Median share of an item's time that passes before the first choice. */
  readonly firstChoiceShare: number;
  readonly speedSd: number;
  readonly noiseSd: number;
}

/** Provisional reference until real data exist: model-derived, zero sample size. */
export const MODEL_PRIOR_NORM: NormRecord = {
  id: 'model-prior-1',
  sampleSize: 0,
  collectedOn: '2026-01-01',
  timing: { baseSeconds: 22, perB: 0.35, firstChoiceShare: 0.6, speedSd: 0.35, noiseSd: 0.45 },
  focusLossMean: 0.6,
};

/** Default sample size below which a result is labelled provisional. */
export const DEFAULT_MIN_NORM_SAMPLE = 2000;

export function isProvisional(norm: NormRecord, minSampleSize: number = DEFAULT_MIN_NORM_SAMPLE): boolean {
  return norm.sampleSize < minSampleSize;
}

/** Median expected time on an item of difficulty b, in milliseconds. */
export function expectedTimeMs(timing: TimingNorm, b: number): number {
  return 1000 * timing.baseSeconds * Math.exp(timing.perB * b);
}
