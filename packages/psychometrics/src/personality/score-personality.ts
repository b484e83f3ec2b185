import { PsychometricsInputError } from '../core/errors';
import { type LikertResponse, readLikertResponses } from '../core/likert-responses';
import {
  DEFAULT_MAX_ACQUIESCENCE,
  DEFAULT_MAX_SAME_SHARE,
  type ResponseStyle,
  type ResponseStyleFlag,
  type ResponseStyleFlagCode,
  responseStyle,
  responseStyleFlags,
} from '../core/response-style';
import { AXES, type AxisId, PERSONALITY_ITEMS, type Pole } from './items';

export type PersonalityResponse = LikertResponse;

export interface PersonalitySession {
  readonly responses: readonly PersonalityResponse[];
}

export interface PersonalityOptions {
  /** |axis score| below this is borderline (default 0.1, i.e. within 5 points of 50/50). */
  readonly borderlineWidth?: number;
  /** Flag this many identical answers in a row (default 12). */
  readonly maxSameRun?: number;
  /** Flag when one answer makes up this share of all (default 0.75). */
  readonly maxSameShare?: number;
  /** Flag when the mean answer is this far from neutral regardless of keying (default 1.25). */
  readonly maxAcquiescence?: number;
}

export type StrengthId = 'slight' | 'moderate' | 'clear' | 'veryClear';

export interface AxisScore {
  readonly axis: AxisId;
  readonly key: string;
  /** -1 (fully second pole) .. +1 (fully first pole). */
  readonly score: number;
  /** Share toward the first pole, 0..100 (50 = the cut). */
  readonly firstPolePercent: number;
  /**
   * Half-width of the 95% interval around firstPolePercent, in percentage points: how far another set of
   * statements on the same axis could plausibly have placed the person (see axisMargin).
   */
  readonly marginPercent: number;
  readonly letter: Pole;
  readonly letterKey: string;
  /** |score|, 0..1. */
  readonly strength: number;
  readonly strengthKey: string;
  /** Close to the cut: the letter could flip on a retest. */
  readonly borderline: boolean;
  /** personality.borderline when borderline, else null. */
  readonly noteKey: 'personality.borderline' | null;
}

export type PersonalityFlagCode = ResponseStyleFlagCode;

export interface PersonalityFlag extends ResponseStyleFlag {
  readonly key: string;
}

const FLAG_KEYS: Record<PersonalityFlagCode, string> = {
  'straight-lining': 'personality.flag.straightLining',
  acquiescence: 'personality.flag.acquiescence',
};

export type PersonalityMeasures = ResponseStyle;

export interface PersonalityValidResult {
  readonly valid: true;
  /** Four letters, e.g. "INTP". */
  readonly type: string;
  readonly axes: readonly AxisScore[];
  readonly measures: PersonalityMeasures;
}

export interface PersonalityInvalidResult {
  readonly valid: false;
  readonly flags: readonly PersonalityFlag[];
  readonly measures: PersonalityMeasures;
  readonly messageKey: 'personality.invalid';
}

export type PersonalityResult = PersonalityValidResult | PersonalityInvalidResult;

function strengthOf(s: number): StrengthId {
  if (s < 0.25) return 'slight';
  if (s < 0.5) return 'moderate';
  if (s < 0.75) return 'clear';
  return 'veryClear';
}

/**
 * Prior spread of one statement's contribution (score units, -1..1) and its weight in pseudo-observations.
 * Ten statements that all agree perfectly do not prove the person's position to the last point: the
 * observed spread is pooled with a typical one (0.5, the spread honest respondents show in simulation) so
 * the interval never collapses to zero.
 */
const PRIOR_SD = 0.5;
const PRIOR_WEIGHT = 2;

/**
 * 95% half-width of an axis score (score units): 1.96 standard errors of the mean of its statements'
 * contributions, the spread pooled with the prior above. Pure and exported for the report's explanation.
 */
export function axisMargin(contributions: readonly number[]): number {
  const n = contributions.length;
  if (n === 0) return 1;
  const mean = contributions.reduce((s, c) => s + c, 0) / n;
  const ss = contributions.reduce((s, c) => s + (c - mean) ** 2, 0);
  const variance = (ss + PRIOR_WEIGHT * PRIOR_SD ** 2) / (n - 1 + PRIOR_WEIGHT);
  return Math.min(1, 1.96 * Math.sqrt(variance / n));
}

function checkResponses(session: PersonalitySession): Map<string, number> {
  if (typeof session !== 'object' || session === null) {
    throw new PsychometricsInputError('invalid_session', 'session.responses must be an array');
  }
  return readLikertResponses(PERSONALITY_ITEMS, session.responses);
}

/** Scores the 40-item questionnaire into four continuous axes and a four-letter type. */
export function scorePersonality(session: PersonalitySession, options: PersonalityOptions = {}): PersonalityResult {
  const values = checkResponses(session);
  const width = options.borderlineWidth ?? 0.1;
  const ordered = PERSONALITY_ITEMS.map((it) => values.get(it.id) as number);

  const measures: PersonalityMeasures = responseStyle(ordered);

  const flags: PersonalityFlag[] = responseStyleFlags(measures, {
    maxSameRun: options.maxSameRun ?? 12,
    maxSameShare: options.maxSameShare ?? DEFAULT_MAX_SAME_SHARE,
    maxAcquiescence: options.maxAcquiescence ?? DEFAULT_MAX_ACQUIESCENCE,
  }).map((f) => ({ ...f, key: FLAG_KEYS[f.code] }));
  if (flags.length > 0) return { valid: false, flags, measures, messageKey: 'personality.invalid' };

  const axes: AxisScore[] = AXES.map(({ id, poles }) => {
    const items = PERSONALITY_ITEMS.filter((it) => it.axis === id);
    // Each answer contributes (value - 3) toward the pole its keying points to.
    const contributions = items.map((it) => (it.keying * ((values.get(it.id) as number) - 3)) / 2);
    const score = contributions.reduce((s, c) => s + c, 0) / items.length;
    // Ties at exactly 0 go to the second pole; they are always flagged borderline.
    const letter = score > 0 ? poles[0] : poles[1];
    const strength = Math.abs(score);
    return {
      axis: id,
      key: `personality.axis.${id.toLowerCase()}`,
      score,
      firstPolePercent: Math.round(50 + 50 * score),
      marginPercent: Math.round(50 * axisMargin(contributions)),
      letter,
      letterKey: `personality.pole.${letter.toLowerCase()}`,
      strength,
      strengthKey: `personality.strength.${strengthOf(strength)}`,
      borderline: strength < width,
      noteKey: strength < width ? 'personality.borderline' : null,
    };
  });
  return { valid: true, type: axes.map((a) => a.letter).join(''), axes, measures };
}
