import type { JeffreysEstimate } from '../irt/jeffreys';
import { expectedTimeMs, type NormRecord } from './norms';
import type { CheckedResponse } from './session';
import {
  DEFAULT_VALIDITY_THRESHOLDS,
  screenValidity,
  type ValidityFlag,
  type ValidityMeasures,
  type ValidityThresholds,
} from './validity';

/**
 * The validity screen of scoring version 2: a session is refused a result only on behavioural evidence of
 * not trying. Accuracy alone never invalidates: a person who tried and found the puzzles hard is not a
 * cheat (in version 1, 63% of honest people at IQ 70 were sent to the abnormal-test page by the chance-level
 * screen alone).
 */
export type AbnormalBehaviour = 'rapid' | 'same-position' | 'unanswered' | 'chance-rushed';

export interface BehaviourThresholds extends ValidityThresholds {
  /**
   * Chance-level answers count as rushed when the median answered item took less than this share of its
   * expected median time. Honest people who give up on a puzzle beyond them after 3-8 s stay far above it
   * (their solved items take normal time); clicking through in 1-3 s falls far below.
   */
  readonly rushedTimeShare: number;
}

/**
 * Version 2 defaults. An answer is rapid below a quarter of the item's expected median time, clamped to
 * 2-3 s (version 1: a tenth, clamped to 2-8 s), so a person who looks at a hard puzzle for 3-8 s and gives
 * up is never counted as a rapid guesser, while clicking in 1-3 s nearly always is. The session is flagged
 * from 7 rapid answers in 30 (response-time effort below 0.8; version 1: from 4): a rusher of the last
 * third gives about 10, while a fast honest person on easy items gives a few (bench: honestFlagRateByIq).
 */
export const BEHAVIOUR_THRESHOLDS: BehaviourThresholds = {
  ...DEFAULT_VALIDITY_THRESHOLDS,
  rapidShare: 0.25,
  minResponseTimeEffort: 0.8,
  rapidMinMs: 2000,
  rapidMaxMs: 3000,
  rushedTimeShare: 0.3,
};

export interface BehaviourMeasures extends ValidityMeasures {
  /** Median over answered items of time / expected median time. */
  readonly medianTimeShare: number;
}

export interface BehaviourReport {
  /** False only when a behaviour of not trying was seen. */
  readonly valid: boolean;
  /** What was seen, in the order the screens run; empty when valid. */
  readonly behaviours: readonly AbnormalBehaviour[];
  /** Invalidating flags (their locale keys name the behaviour for the abnormal page). */
  readonly flags: readonly ValidityFlag[];
  /**
   * Facts that never invalidate: 'chance-level' (answers not distinguishable from guessing, at a normal
   * pace: the below-range outcome) and 'person-misfit' (an unusual pattern: a note with the result).
   */
  readonly notes: readonly ValidityFlag[];
  readonly measures: BehaviourMeasures;
}

const BEHAVIOUR_OF: Readonly<Record<string, AbnormalBehaviour>> = {
  'rapid-guessing': 'rapid',
  'straight-lining': 'same-position',
  'too-many-unanswered': 'unanswered',
};

export function screenBehaviour(
  responses: readonly CheckedResponse[],
  ability: JeffreysEstimate,
  personFit: number,
  norm: NormRecord,
  t: BehaviourThresholds = BEHAVIOUR_THRESHOLDS,
): BehaviourReport {
  const base = screenValidity(responses, ability, personFit, norm, t);
  const shares = responses
    .filter((r) => r.response.choice !== null)
    .map((r) => r.response.timeMs / expectedTimeMs(norm.timing, r.key.b))
    .sort((x, y) => x - y);
  const medianTimeShare =
    shares.length === 0
      ? 0
      : shares.length % 2
        ? (shares[(shares.length - 1) / 2] as number)
        : ((shares[shares.length / 2 - 1] as number) + (shares[shares.length / 2] as number)) / 2;
  const flags: ValidityFlag[] = [];
  const notes: ValidityFlag[] = [];
  const behaviours: AbnormalBehaviour[] = [];
  for (const f of base.flags) {
    const behaviour = BEHAVIOUR_OF[f.code];
    if (behaviour) {
      flags.push(f);
      behaviours.push(behaviour);
    } else if (f.code === 'chance-level' && medianTimeShare < t.rushedTimeShare) {
      flags.push({
        code: 'chance-rushed',
        key: 'engine.validity.chanceRushed',
        value: medianTimeShare,
        threshold: t.rushedTimeShare,
      });
      behaviours.push('chance-rushed');
    } else notes.push(f);
  }
  return { valid: flags.length === 0, behaviours, flags, notes, measures: { ...base.measures, medianTimeShare } };
}
