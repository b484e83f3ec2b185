import { personFitLz } from '../irt/eap';
import { jeffreysEstimate } from '../irt/jeffreys';
import {
  type AbnormalBehaviour,
  BEHAVIOUR_THRESHOLDS,
  type BehaviourReport,
  type BehaviourThresholds,
  screenBehaviour,
} from './behaviour';
import { classifyIq, type IqClass, iqPercentile } from './classes';
import { type DimensionScore, scoreDimensions } from './dimensions';
import { DEFAULT_MIN_NORM_SAMPLE, isProvisional, MODEL_PRIOR_NORM, type NormRecord } from './norms';
import { type IqEstimate, type ItemOutcome, type NormStatus, sheetSummary } from './score-iq';
import type { ScoringKey } from './scoring-key';
import { checkSession, type IqSession } from './session';

/**
 * The scoring rules in force. Version 1 is `scoreIq` (EAP, chance-level screen invalidates, balanced keys,
 * fixed 30-item forms); version 2 is `scoreSession` (Jeffreys MAP, behavioural validity, below-range
 * outcome, multistage routing). Store the version with each session: a session keeps the version it was
 * scored under, and its stored result is never recomputed under other rules.
 */
export const SCORING_VERSION = 2 as const;

export interface ScoreSessionOptions {
  /** The key of the items the visitor was given, in the order shown (all routed parts). */
  readonly key: ScoringKey;
  readonly norm?: NormRecord;
  readonly minNormSampleSize?: number;
  readonly thresholds?: Partial<BehaviourThresholds>;
}

interface Common {
  readonly scoringVersion: typeof SCORING_VERSION;
  readonly validity: BehaviourReport;
}

interface Answered extends Common {
  readonly norm: NormStatus;
  readonly correct: number;
  readonly answered: number;
  readonly items: readonly ItemOutcome[];
}

/** A number the data support, with its 95% range; the class follows the rounded number shown. */
export interface IqScoredOutcome extends Answered {
  readonly outcome: 'scored';
  readonly valid: true;
  readonly iq: IqEstimate;
  /** The IQ to display: Math.round(iq.iq). iq.classification and iq.percentile follow it. */
  readonly iqShown: number;
  readonly dimensions: readonly DimensionScore[];
  /** Locale keys of notes to show with the result (e.g. engine.validity.personMisfit). */
  readonly noteKeys: readonly string[];
}

/**
 * Chance-level accuracy at a normal pace: a valid, kind result with no number, because the data cannot
 * support one. "Below the range this test measures: under IQ {{bound}}".
 */
export interface IqBelowRangeOutcome extends Answered {
  readonly outcome: 'below-range';
  readonly valid: true;
  /**
   * The IQ the person is below: the posterior's one-sided upper bound (BELOW_RANGE_QUANTILE), rounded up to
   * a multiple of 5. Until this change it was the 95% range's upper end (97.5% point), which over-covered
   * (98.7% in IQ 60-67.5); results stored with that bound keep it.
   */
  readonly bound: number;
  /** The class just below the bound: the highest class the range reaches. */
  readonly classification: IqClass;
  readonly messageKey: 'engine.outcome.belowRange';
}

/** Behavioural evidence of not trying: no number, no class, no key. */
export interface IqAbnormalOutcome extends Common {
  readonly outcome: 'abnormal';
  readonly valid: false;
  /** What was seen; each has its text under validity.flags[i].key. */
  readonly behaviours: readonly AbnormalBehaviour[];
  readonly messageKey: 'engine.validity.abnormal';
}

export type IqOutcome = IqScoredOutcome | IqBelowRangeOutcome | IqAbnormalOutcome;

/** Scores a confirmed session under version 2. */
export function scoreSession(session: IqSession, options: ScoreSessionOptions): IqOutcome {
  const responses = checkSession(session, options.key);
  const norm = options.norm ?? MODEL_PRIOR_NORM;
  const scored = responses.map((r) => ({ a: r.key.a, b: r.key.b, correct: r.correct }));
  const ability = jeffreysEstimate(scored);
  const fit = personFitLz(scored, ability.theta);
  const validity = screenBehaviour(responses, ability, fit, norm, { ...BEHAVIOUR_THRESHOLDS, ...options.thresholds });
  const common = { scoringVersion: SCORING_VERSION, validity } as const;
  if (!validity.valid) {
    return {
      ...common,
      outcome: 'abnormal',
      valid: false,
      behaviours: validity.behaviours,
      messageKey: 'engine.validity.abnormal',
    };
  }
  const provisional = isProvisional(norm, options.minNormSampleSize ?? DEFAULT_MIN_NORM_SAMPLE);
  const answered: Answered = {
    ...common,
    ...sheetSummary(norm, provisional, responses),
  };
  const upper = 100 + 15 * ability.upper95;
  if (validity.notes.some((n) => n.code === 'chance-level')) {
    const bound = Math.ceil((100 + 15 * ability.upperOneSided) / 5) * 5;
    return {
      ...answered,
      outcome: 'below-range',
      valid: true,
      bound,
      classification: classifyIq(bound - 1),
      messageKey: 'engine.outcome.belowRange',
    };
  }
  const iq = 100 + 15 * ability.theta;
  const iqShown = Math.round(iq);
  return {
    ...answered,
    outcome: 'scored',
    valid: true,
    iq: {
      theta: ability.theta,
      se: ability.se,
      iq,
      range95: { lower: 100 + 15 * ability.lower95, upper },
      percentile: iqPercentile(iqShown),
      classification: classifyIq(iqShown),
    },
    iqShown,
    dimensions: scoreDimensions(responses, ability.theta, norm, provisional),
    noteKeys: validity.notes.filter((n) => n.code === 'person-misfit').map((n) => n.key),
  };
}
