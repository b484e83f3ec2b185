import type { AbilityEstimate } from '../irt/eap';
import { expectedTimeMs, type NormRecord } from './norms';
import type { CheckedResponse } from './session';

export type ValidityFlagCode =
  | 'rapid-guessing'
  | 'straight-lining'
  | 'person-misfit'
  | 'chance-level'
  | 'too-many-unanswered'
  /** Scoring version 2: chance-level answers given in a rush (behaviour.ts). */
  | 'chance-rushed';

export interface ValidityFlag {
  readonly code: ValidityFlagCode;
  /** Locale key explaining the flag, e.g. engine.validity.rapidGuessing. */
  readonly key: string;
  /** The measured value and the threshold it crossed. */
  readonly value: number;
  readonly threshold: number;
}

export interface ValidityThresholds {
  /** A response faster than this share of the item's expected median time is a rapid guess... */
  readonly rapidShare: number;
  /** ...clamped to this window in milliseconds (Wise & Ma's normative threshold, NT10). */
  readonly rapidMinMs: number;
  readonly rapidMaxMs: number;
  /** Flag when response-time effort (share of non-rapid answers) is below this. */
  readonly minResponseTimeEffort: number;
  /** Flag when one option position is chosen this many times in a row... */
  readonly maxSamePositionRun: number;
  /** ...or makes up at least this share of the answers. */
  readonly maxSamePositionShare: number;
  /** Flag when person fit lz is below this. */
  readonly minPersonFit: number;
  /**
   * Flag when the answers are not clearly better explained by ability than by
   * guessing: likelihood-ratio statistic 2 (max log L(theta) - log L(guessing))
   * below this.
   */
  readonly minChanceLikelihoodRatio: number;
  /** Flag when more than this share of items is unanswered. */
  readonly maxUnansweredShare: number;
}

/** Defaults; the README gives the flag rates they produce in simulation. */
export const DEFAULT_VALIDITY_THRESHOLDS: ValidityThresholds = {
  rapidShare: 0.1,
  rapidMinMs: 2000,
  rapidMaxMs: 8000,
  minResponseTimeEffort: 0.9,
  maxSamePositionRun: 8,
  maxSamePositionShare: 0.5,
  minPersonFit: -3,
  minChanceLikelihoodRatio: 16,
  maxUnansweredShare: 0.3,
};

export interface ValidityMeasures {
  readonly responseTimeEffort: number;
  readonly rapidResponses: number;
  readonly longestSamePositionRun: number;
  readonly samePositionShare: number;
  readonly personFit: number;
  readonly chanceLikelihoodRatio: number;
  readonly unanswered: number;
}

export interface ValidityReport {
  readonly valid: boolean;
  readonly flags: readonly ValidityFlag[];
  readonly measures: ValidityMeasures;
}

export function rapidThresholdMs(norm: NormRecord, b: number, t: ValidityThresholds): number {
  return Math.min(t.rapidMaxMs, Math.max(t.rapidMinMs, t.rapidShare * expectedTimeMs(norm.timing, b)));
}

export function screenValidity(
  responses: readonly CheckedResponse[],
  ability: AbilityEstimate,
  personFit: number,
  norm: NormRecord,
  t: ValidityThresholds = DEFAULT_VALIDITY_THRESHOLDS,
): ValidityReport {
  const answered = responses.filter((r) => r.response.choice !== null);
  let rapid = 0;
  for (const r of answered) if (r.response.timeMs < rapidThresholdMs(norm, r.key.b, t)) rapid++;
  const responseTimeEffort = answered.length === 0 ? 0 : 1 - rapid / answered.length;

  let longest = 0;
  let run = 0;
  let previous: number | null = null;
  const counts = new Array<number>(6).fill(0);
  for (const r of responses) {
    const c = r.response.choice;
    if (c !== null) counts[c] = (counts[c] ?? 0) + 1;
    run = c !== null && c === previous ? run + 1 : c === null ? 0 : 1;
    previous = c;
    if (run > longest) longest = run;
  }
  const samePositionShare = answered.length === 0 ? 0 : Math.max(...counts) / answered.length;
  const chanceLikelihoodRatio = Math.max(0, 2 * (ability.maxLogLikelihood - ability.randomLogLikelihood));
  const unanswered = responses.length - answered.length;

  const measures: ValidityMeasures = {
    responseTimeEffort,
    rapidResponses: rapid,
    longestSamePositionRun: longest,
    samePositionShare,
    personFit,
    chanceLikelihoodRatio,
    unanswered,
  };
  const flags: ValidityFlag[] = [];
  const flag = (code: ValidityFlagCode, key: string, value: number, threshold: number) =>
    flags.push({ code, key: `engine.validity.${key}`, value, threshold });
  if (responseTimeEffort < t.minResponseTimeEffort)
    flag('rapid-guessing', 'rapidGuessing', responseTimeEffort, t.minResponseTimeEffort);
  if (longest >= t.maxSamePositionRun) flag('straight-lining', 'straightLining', longest, t.maxSamePositionRun);
  else if (answered.length >= 10 && samePositionShare >= t.maxSamePositionShare) {
    flag('straight-lining', 'straightLining', samePositionShare, t.maxSamePositionShare);
  }
  if (personFit < t.minPersonFit) flag('person-misfit', 'personMisfit', personFit, t.minPersonFit);
  if (chanceLikelihoodRatio < t.minChanceLikelihoodRatio) {
    flag('chance-level', 'chanceLevel', chanceLikelihoodRatio, t.minChanceLikelihoodRatio);
  }
  if (unanswered > t.maxUnansweredShare * responses.length) {
    flag('too-many-unanswered', 'tooManyUnanswered', unanswered, Math.floor(t.maxUnansweredShare * responses.length));
  }
  return { valid: flags.length === 0, flags, measures };
}
