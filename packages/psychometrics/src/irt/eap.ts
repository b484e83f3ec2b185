import { GUESSING } from './model';

export interface ScoredItem {
  readonly a: number;
  readonly b: number;
  /** Omitted items count as incorrect. */
  readonly correct: boolean;
}

export interface EapOptions {
  readonly priorMean?: number;
  readonly priorSd?: number;
}

export interface AbilityEstimate {
  /** Posterior mean of theta (EAP). */
  readonly theta: number;
  /** Posterior standard deviation: the standard error of the EAP estimate. */
  readonly se: number;
  /** 2.5% and 97.5% posterior quantiles of theta. */
  readonly lower95: number;
  readonly upper95: number;
  /** Highest log-likelihood over the grid (for the chance-level screen). */
  readonly maxLogLikelihood: number;
  /** Log-likelihood if every answer were a 1-in-6 guess (theta at minus infinity). */
  readonly randomLogLikelihood: number;
}

/** Quadrature grid for theta: -6..6 in steps of 0.08 (interval ends are interpolated within cells). */
const GRID_MIN = -6;
const GRID_STEP = 0.08;
const GRID_POINTS = 151;
export const THETA_GRID: readonly number[] = Array.from({ length: GRID_POINTS }, (_, i) => GRID_MIN + i * GRID_STEP);

/**
 * Expected a posteriori ability with a normal population prior. EAP is chosen over
 * WLE because it exists for every pattern (all wrong, all right), has the smallest
 * mean squared error for people drawn from the population, and its posterior gives
 * credible intervals that cover the true value at the stated rate across the
 * population (see README).
 */
export function eapEstimate(items: readonly ScoredItem[], options: EapOptions = {}): AbilityEstimate {
  const mean = options.priorMean ?? 0;
  const sd = options.priorSd ?? 1;
  const logLik = new Float64Array(GRID_POINTS);
  let randomLogLikelihood = 0;
  for (const it of items) {
    randomLogLikelihood += Math.log(it.correct ? GUESSING : 1 - GUESSING);
    for (let k = 0; k < GRID_POINTS; k++) {
      const theta = GRID_MIN + k * GRID_STEP;
      const p = GUESSING + (1 - GUESSING) / (1 + Math.exp(-it.a * (theta - it.b)));
      logLik[k] = (logLik[k] as number) + Math.log(it.correct ? p : 1 - p);
    }
  }
  let maxLogLikelihood = Number.NEGATIVE_INFINITY;
  let maxPost = Number.NEGATIVE_INFINITY;
  const logPost = new Float64Array(GRID_POINTS);
  for (let k = 0; k < GRID_POINTS; k++) {
    const z = (GRID_MIN + k * GRID_STEP - mean) / sd;
    const ll = logLik[k] as number;
    if (ll > maxLogLikelihood) maxLogLikelihood = ll;
    const lp = ll - 0.5 * z * z;
    logPost[k] = lp;
    if (lp > maxPost) maxPost = lp;
  }
  const weights = new Float64Array(GRID_POINTS);
  let total = 0;
  let m1 = 0;
  for (let k = 0; k < GRID_POINTS; k++) {
    const w = Math.exp((logPost[k] as number) - maxPost);
    weights[k] = w;
    total += w;
    m1 += w * (GRID_MIN + k * GRID_STEP);
  }
  const theta = m1 / total;
  let m2 = 0;
  for (let k = 0; k < GRID_POINTS; k++) {
    const d = GRID_MIN + k * GRID_STEP - theta;
    m2 += (weights[k] as number) * d * d;
  }
  return {
    theta,
    se: Math.sqrt(m2 / total),
    lower95: quantile(weights, total, 0.025),
    upper95: quantile(weights, total, 0.975),
    maxLogLikelihood,
    randomLogLikelihood,
  };
}

/** Quantile of the gridded posterior; each node's mass is spread evenly over its cell. */
function quantile(weights: Float64Array, total: number, q: number): number {
  const target = q * total;
  let cum = 0;
  for (let k = 0; k < weights.length; k++) {
    const w = weights[k] as number;
    if (cum + w >= target) {
      const frac = w > 0 ? (target - cum) / w : 0;
      return GRID_MIN + (k - 0.5 + frac) * GRID_STEP;
    }
    cum += w;
  }
  return GRID_MIN + (weights.length - 1) * GRID_STEP;
}

/**
 * Standardized log-likelihood person-fit statistic lz (Drasgow, Levine & Williams
 * 1985) at theta: large negative values mean the pattern fits the model poorly
 * (e.g. easy items failed while hard ones are right).
 */
export function personFitLz(items: readonly ScoredItem[], theta: number): number {
  let l0 = 0;
  let expected = 0;
  let variance = 0;
  for (const it of items) {
    const p = GUESSING + (1 - GUESSING) / (1 + Math.exp(-it.a * (theta - it.b)));
    const q = 1 - p;
    const lp = Math.log(p);
    const lq = Math.log(q);
    l0 += it.correct ? lp : lq;
    expected += p * lp + q * lq;
    const lr = lp - lq;
    variance += p * q * lr * lr;
  }
  return variance > 0 ? (l0 - expected) / Math.sqrt(variance) : 0;
}
