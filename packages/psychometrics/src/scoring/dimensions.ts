import { chiSquareP, normalQuantile } from '../core/normal';
import { p3pl } from '../irt/model';
import { expectedTimeMs, type NormRecord } from './norms';
import type { CheckedResponse } from './session';

export type DimensionId = 'memory' | 'speed' | 'reaction' | 'concentration' | 'logic';

export interface DimensionScore {
  readonly id: DimensionId;
  /** Locale key of the dimension name (engine.dimension.<id>.name). */
  readonly key: string;
  /** Locale key of what the dimension means (engine.dimension.<id>.description). */
  readonly descriptionKey: string;
  /** T-score: reference population mean 50, SD 10, clamped to 0..100. */
  readonly score: number;
  /** 1 very low, 2 low, 3 average, 4 high, 5 very high. */
  readonly level: 1 | 2 | 3 | 4 | 5;
  readonly levelKey: string;
  /** The score range of the middle 68% of the reference population. */
  readonly reference: { readonly lower: number; readonly upper: number };
  readonly source: DimensionSource;
  /** True while the timing or ability norm is provisional. */
  readonly provisional: boolean;
}

export interface DimensionSource {
  /** Locale key of a sentence describing the data used. */
  readonly key: string;
  /** Response fields and item properties the score is computed from. */
  readonly fields: readonly string[];
  /** Number of items that contributed. */
  readonly items: number;
}

export const DIMENSION_IDS: readonly DimensionId[] = ['memory', 'speed', 'reaction', 'concentration', 'logic'];
export const LEVEL_KEYS = ['veryLow', 'low', 'average', 'high', 'veryHigh'] as const;
export const REFERENCE_RANGE = { lower: 40, upper: 60 } as const;

/** Standard-normal quadrature nodes for population expectations. */
const NODES = Array.from({ length: 41 }, (_, k) => -4 + k * 0.2);
const NODE_WEIGHTS = (() => {
  const w = NODES.map((t) => Math.exp(-0.5 * t * t));
  const s = w.reduce((x, y) => x + y, 0);
  return w.map((x) => x / s);
})();

/**
 * Mean and SD, over the population theta ~ N(0, 1), of a weighted share of correct
 * answers on these items: the reference for accuracy-based dimensions comes from
 * the calibrated model itself, so it adapts to each form.
 */
function modelReference(items: readonly CheckedResponse[], weights: readonly number[]): { mean: number; sd: number } {
  const total = weights.reduce((s, w) => s + w, 0);
  let mean = 0;
  let second = 0;
  NODES.forEach((theta, k) => {
    let m = 0;
    let v = 0;
    items.forEach((r, i) => {
      const w = (weights[i] as number) / total;
      const p = p3pl(theta, r.key.a, r.key.b);
      m += w * p;
      v += w * w * p * (1 - p);
    });
    const nw = NODE_WEIGHTS[k] as number;
    mean += nw * m;
    second += nw * (v + m * m);
  });
  return { mean, sd: Math.sqrt(Math.max(1e-9, second - mean * mean)) };
}

function weightedAccuracy(items: readonly CheckedResponse[], weights: readonly number[]): number {
  let s = 0;
  let w = 0;
  items.forEach((r, i) => {
    s += (weights[i] as number) * (r.correct ? 1 : 0);
    w += weights[i] as number;
  });
  return w > 0 ? s / w : 0;
}

function toScore(z: number): number {
  return Math.round(Math.min(100, Math.max(0, 50 + 10 * z)) * 10) / 10;
}

export function levelOfScore(t: number): 1 | 2 | 3 | 4 | 5 {
  if (t < 30) return 1;
  if (t < 40) return 2;
  if (t <= 60) return 3;
  if (t <= 70) return 4;
  return 5;
}

function dimension(
  id: DimensionId,
  z: number,
  fields: readonly string[],
  items: number,
  provisional: boolean,
): DimensionScore {
  const score = toScore(z);
  const level = levelOfScore(score);
  return {
    id,
    key: `engine.dimension.${id}.name`,
    descriptionKey: `engine.dimension.${id}.description`,
    score,
    level,
    levelKey: `engine.level.${LEVEL_KEYS[level - 1]}`,
    reference: REFERENCE_RANGE,
    source: { key: `engine.dimension.${id}.source`, fields, items },
    provisional,
  };
}

/** Mean log-time residual against the norm, and its population SD for n items. */
function timeResidual(values: readonly { observedMs: number; expectedMs: number }[], norm: NormRecord) {
  if (values.length === 0) return { z: 0, n: 0 };
  let s = 0;
  // Zero times (clock glitches) are floored at 100 ms so the log stays finite.
  for (const v of values) s += Math.log(Math.max(100, v.observedMs) / v.expectedMs);
  const mean = s / values.length;
  const sd = Math.sqrt(norm.timing.speedSd ** 2 + norm.timing.noiseSd ** 2 / values.length);
  return { z: -mean / sd, n: values.length };
}

/**
 * The five dimensions of the report. Each names the data it is computed from;
 * see README "Dimensions" for the reasoning.
 */
export function scoreDimensions(
  responses: readonly CheckedResponse[],
  theta: number,
  norm: NormRecord,
  provisional: boolean,
): DimensionScore[] {
  // Memory: accuracy on items that need several rules held at once (load 2+), weighted by the extra load.
  const loadWeights = responses.map((r) => Math.max(0, r.key.ruleLoad - 1));
  const memoryWeights = loadWeights.some((w) => w > 0) ? loadWeights : responses.map(() => 1);
  const memoryRef = modelReference(responses, memoryWeights);
  const memoryZ = (weightedAccuracy(responses, memoryWeights) - memoryRef.mean) / memoryRef.sd;

  // Logic: difficulty-weighted accuracy; harder items say more about reasoning.
  const logicWeights = responses.map((r) => Math.max(0.25, r.key.b + 3));
  const logicRef = modelReference(responses, logicWeights);
  const logicZ = (weightedAccuracy(responses, logicWeights) - logicRef.mean) / logicRef.sd;

  // Speed: time on correctly solved items against the lognormal norm (faster = higher).
  const correct = responses.filter((r) => r.correct);
  const speedBase = correct.length > 0 ? correct : responses.filter((r) => r.response.choice !== null);
  const speed = timeResidual(
    speedBase.map((r) => ({ observedMs: r.response.timeMs, expectedMs: expectedTimeMs(norm.timing, r.key.b) })),
    norm,
  );

  // Reaction: latency to the first choice on every answered item.
  const answered = responses.filter((r) => r.response.choice !== null);
  const reaction = timeResidual(
    answered.map((r) => ({
      observedMs: r.response.firstChoiceMs ?? r.response.timeMs,
      expectedMs: norm.timing.firstChoiceShare * expectedTimeMs(norm.timing, r.key.b),
    })),
    norm,
  );

  // Concentration: steady performance across parts (relative to the ability shown) and few focus losses.
  const parts = new Map<number, { obs: number; exp: number; v: number }>();
  let focusLosses = 0;
  for (const r of responses) {
    const p = p3pl(theta, r.key.a, r.key.b);
    const agg = parts.get(r.key.part) ?? { obs: 0, exp: 0, v: 0 };
    agg.obs += r.correct ? 1 : 0;
    agg.exp += p;
    agg.v += p * (1 - p);
    parts.set(r.key.part, agg);
    focusLosses += r.response.focusLosses;
  }
  let chi = 0;
  for (const agg of parts.values()) chi += ((agg.obs - agg.exp) * (agg.obs - agg.exp)) / Math.max(1e-9, agg.v);
  // Under steady work the part-by-part deviations are chi-square with (parts - 1) df;
  // its upper-tail p is uniform, so its normal quantile is a standard score.
  const consistencyZ = parts.size > 1 ? normalQuantile(chiSquareP(chi, parts.size - 1)) : 0;
  const concentrationZ = 0.8 * consistencyZ - 0.5 * (focusLosses - norm.focusLossMean);

  return [
    dimension('memory', memoryZ, ['choice', 'ruleLoad'], memoryWeights.filter((w) => w > 0).length, provisional),
    dimension('speed', speed.z, ['timeMs', 'choice'], speed.n, provisional),
    dimension('reaction', reaction.z, ['firstChoiceMs'], reaction.n, provisional),
    dimension('concentration', concentrationZ, ['choice', 'part', 'focusLosses'], responses.length, provisional),
    dimension('logic', logicZ, ['choice', 'b'], responses.length, provisional),
  ];
}
