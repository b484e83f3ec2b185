import { type AbilityEstimate, eapEstimate, personFitLz } from '../irt/eap';
import { classifyIq, type IqClass, iqPercentile } from './classes';
import { type DimensionScore, scoreDimensions } from './dimensions';
import { DEFAULT_MIN_NORM_SAMPLE, isProvisional, MODEL_PRIOR_NORM, type NormRecord } from './norms';
import type { ScoringKey } from './scoring-key';
import { checkSession, type IqSession } from './session';
import { DEFAULT_VALIDITY_THRESHOLDS, screenValidity, type ValidityReport, type ValidityThresholds } from './validity';

export interface ScoreIqOptions {
  readonly key: ScoringKey;
  readonly norm?: NormRecord;
  /** Below this norm sample size the result is provisional (default 2000). */
  readonly minNormSampleSize?: number;
  readonly validity?: Partial<ValidityThresholds>;
}

export interface IqEstimate {
  readonly theta: number;
  /** Standard error of theta (posterior SD). */
  readonly se: number;
  /** 100 + 15 theta, unrounded; round for display. */
  readonly iq: number;
  /** 95% credible range on the IQ scale (posterior 2.5% and 97.5% quantiles). */
  readonly range95: { readonly lower: number; readonly upper: number };
  /** Percentile rank in the population (0..100), normal CDF of theta. */
  readonly percentile: number;
  readonly classification: IqClass;
}

export interface ItemOutcome {
  readonly itemId: string;
  readonly choice: number | null;
  readonly answerIndex: number;
  readonly correct: boolean;
}

export interface NormStatus {
  readonly id: string;
  readonly sampleSize: number;
  readonly collectedOn: string;
  readonly provisional: boolean;
  /** engine.norm.provisional (interpolates {{sampleSize}}) or engine.norm.established. */
  readonly key: 'engine.norm.provisional' | 'engine.norm.established';
}

export interface IqValidResult {
  readonly valid: true;
  readonly iq: IqEstimate;
  readonly dimensions: readonly DimensionScore[];
  readonly validity: ValidityReport;
  readonly norm: NormStatus;
  readonly correct: number;
  readonly answered: number;
  readonly items: readonly ItemOutcome[];
}

/**
 * An invalid session carries no IQ, no dimensions and no per-item key: the type
 * has no such fields, so no caller can show a number for it by mistake.
 */
export interface IqInvalidResult {
  readonly valid: false;
  readonly validity: ValidityReport;
  /** Locale key of the abnormal-test page text. */
  readonly messageKey: 'engine.validity.abnormal';
}

export type IqResult = IqValidResult | IqInvalidResult;

/** Scores a confirmed session: checks input, screens validity, then estimates. */
export function scoreIq(session: IqSession, options: ScoreIqOptions): IqResult {
  const responses = checkSession(session, options.key);
  const norm = options.norm ?? MODEL_PRIOR_NORM;
  const thresholds = { ...DEFAULT_VALIDITY_THRESHOLDS, ...options.validity };
  const scored = responses.map((r) => ({ a: r.key.a, b: r.key.b, correct: r.correct }));
  const ability: AbilityEstimate = eapEstimate(scored);
  const fit = personFitLz(scored, ability.theta);
  const validity = screenValidity(responses, ability, fit, norm, thresholds);
  if (!validity.valid) return { valid: false, validity, messageKey: 'engine.validity.abnormal' };

  const provisional = isProvisional(norm, options.minNormSampleSize ?? DEFAULT_MIN_NORM_SAMPLE);
  const iq = 100 + 15 * ability.theta;
  return {
    valid: true,
    iq: {
      theta: ability.theta,
      se: ability.se,
      iq,
      range95: { lower: 100 + 15 * ability.lower95, upper: 100 + 15 * ability.upper95 },
      percentile: iqPercentile(iq),
      classification: classifyIq(iq),
    },
    dimensions: scoreDimensions(responses, ability.theta, norm, provisional),
    validity,
    ...sheetSummary(norm, provisional, responses),
  };
}

/** The norm's status and the tally of a checked sheet: what every outcome of every scoring version reports. */
export function sheetSummary(
  norm: NormRecord,
  provisional: boolean,
  responses: ReturnType<typeof checkSession>,
): { norm: NormStatus; correct: number; answered: number; items: ItemOutcome[] } {
  return {
    norm: {
      id: norm.id,
      sampleSize: norm.sampleSize,
      collectedOn: norm.collectedOn,
      provisional,
      key: provisional ? 'engine.norm.provisional' : 'engine.norm.established',
    },
    correct: responses.filter((r) => r.correct).length,
    answered: responses.filter((r) => r.response.choice !== null).length,
    items: responses.map((r) => ({
      itemId: r.key.id,
      choice: r.response.choice,
      answerIndex: r.key.answerIndex,
      correct: r.correct,
    })),
  };
}
