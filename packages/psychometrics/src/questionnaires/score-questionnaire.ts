import { PsychometricsInputError } from '../core/errors';
import { type LikertResponse, readLikertResponses } from '../core/likert-responses';
import {
  DEFAULT_MAX_ACQUIESCENCE,
  DEFAULT_MAX_SAME_SHARE,
  type ResponseStyle,
  type ResponseStyleFlag,
  responseStyle,
  responseStyleFlags,
} from '../core/response-style';
import { QUESTIONNAIRES, type Questionnaire, type QuestionnaireId, type QuestionnaireItem } from './definitions';

export interface ScaleScore {
  readonly scale: string;
  /** lab.<id>.scale.<scale> */
  readonly key: string;
  /** Mean keyed answer, 1..5. */
  readonly mean: number;
  /** Where that mean lies on the scale's own range, 0..100 (not a percentile: there are no norms). */
  readonly percent: number;
  /** 1..5, by fifths of the range. */
  readonly level: number;
  /** lab.level.<level> */
  readonly levelKey: string;
}

export type QuestionnaireFlag = ResponseStyleFlag;

export interface QuestionnaireValidResult {
  readonly valid: true;
  readonly id: QuestionnaireId;
  readonly scales: readonly ScaleScore[];
  /**
   * brain: holistic minus analytic percent, -100..100 (negative leans analytic);
   * eq: the percent of all twenty statements together, 0..100.
   */
  readonly overall: number;
  /** brain: analytic, balanced or holistic; eq: level1..level5. */
  readonly profile: string;
  /** lab.<id>.profile.<profile>: its name */
  readonly profileKey: string;
  /** lab.<id>.profileText.<profile>: what it means */
  readonly profileTextKey: string;
  readonly measures: ResponseStyle;
}

export interface QuestionnaireInvalidResult {
  readonly valid: false;
  readonly id: QuestionnaireId;
  readonly flags: readonly QuestionnaireFlag[];
  readonly measures: ResponseStyle;
  readonly messageKey: 'lab.invalid';
}

export type QuestionnaireResult = QuestionnaireValidResult | QuestionnaireInvalidResult;

/** How far apart the two thinking styles must be (in percent points) before one is named. */
export const STYLE_BALANCE_WIDTH = 15;

const percentOf = (mean: number) => Math.round(((mean - 1) / 4) * 100);
const levelOf = (percent: number) => Math.min(5, Math.floor(percent / 20) + 1);

function scaleScore(q: Questionnaire, scale: string, values: Map<string, number>): ScaleScore {
  const mean = keyedMean(
    q.items.filter((it) => it.scale === scale),
    values,
  );
  const percent = percentOf(mean);
  const level = levelOf(percent);
  return { scale, key: `lab.${q.id}.scale.${scale}`, mean, percent, level, levelKey: `lab.level.${level}` };
}

const v = (values: Map<string, number>, id: string) => values.get(id) as number;

/** The mean answer of some items, a statement keyed against its scale counted from the other end (5 as 1). */
function keyedMean(items: readonly QuestionnaireItem[], values: Map<string, number>): number {
  return items.reduce((s, it) => s + (it.keying === 1 ? v(values, it.id) : 6 - v(values, it.id)), 0) / items.length;
}

/**
 * Scores one of the lab's questionnaires. Answers given all alike, or agreeing with everything, describe the
 * way of answering rather than the person: they are flagged and get no profile.
 */
export function scoreQuestionnaire(id: QuestionnaireId, responses: readonly LikertResponse[]): QuestionnaireResult {
  const q = QUESTIONNAIRES[id];
  if (!q) throw new PsychometricsInputError('invalid_session', `unknown questionnaire ${String(id)}`);
  const values = readLikertResponses(q.items, responses);
  const ordered = q.items.map((it) => v(values, it.id));
  const measures = responseStyle(ordered);

  // The personality test's limits; the run is half the sheet (its 12 of 40 would never trip on 16 or 20).
  const flags = responseStyleFlags(measures, {
    maxSameRun: Math.ceil(q.items.length / 2),
    maxSameShare: DEFAULT_MAX_SAME_SHARE,
    maxAcquiescence: DEFAULT_MAX_ACQUIESCENCE,
  });
  if (flags.length > 0) return { valid: false, id, flags, measures, messageKey: 'lab.invalid' };

  const scales = q.scales.map((s) => scaleScore(q, s, values));
  let overall: number;
  let profile: string;
  if (id === 'brain') {
    const [analytic, holistic] = scales as [ScaleScore, ScaleScore];
    overall = holistic.percent - analytic.percent;
    profile = Math.abs(overall) < STYLE_BALANCE_WIDTH ? 'balanced' : overall < 0 ? 'analytic' : 'holistic';
  } else {
    overall = percentOf(keyedMean(q.items, values));
    profile = `level${levelOf(overall)}`;
  }
  return {
    valid: true,
    id,
    scales,
    overall,
    profile,
    profileKey: `lab.${id}.profile.${profile}`,
    profileTextKey: `lab.${id}.profileText.${profile}`,
    measures,
  };
}

/** Every locale key the questionnaires can emit (namespace `lab`). */
export function questionnaireLocaleKeys(): readonly string[] {
  const keys = ['lab.invalid', ...[1, 2, 3, 4, 5].map((l) => `lab.level.${l}`)];
  for (const q of Object.values(QUESTIONNAIRES)) {
    keys.push(...q.items.map((it) => it.key), ...q.scales.map((s) => `lab.${q.id}.scale.${s}`));
  }
  for (const part of ['profile', 'profileText']) {
    keys.push(...['analytic', 'balanced', 'holistic'].map((p) => `lab.brain.${part}.${p}`));
    keys.push(...[1, 2, 3, 4, 5].map((l) => `lab.eq.${part}.level${l}`));
  }
  return keys;
}
