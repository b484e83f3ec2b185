/**
 * How a set of agreement answers (1..5) was given, whatever the items say: the longest run of one
 * answer, the share of the most used answer, and the lean towards agreeing. Straight-lining and
 * acquiescence are judged from these by every questionnaire.
 */
export interface ResponseStyle {
  readonly longestSameRun: number;
  readonly sameShare: number;
  /** Mean answer minus 3: agreeing with everything, whatever the keying. */
  readonly acquiescence: number;
}

export function responseStyle(values: readonly number[]): ResponseStyle {
  let longest = 0;
  let run = 0;
  const counts = [0, 0, 0, 0, 0, 0];
  values.forEach((v, i) => {
    run = i > 0 && v === values[i - 1] ? run + 1 : 1;
    longest = Math.max(longest, run);
    counts[v] = (counts[v] ?? 0) + 1;
  });
  return {
    longestSameRun: longest,
    sameShare: Math.max(...counts) / values.length,
    acquiescence: values.reduce((s, v) => s + v, 0) / values.length - 3,
  };
}

export type ResponseStyleFlagCode = 'straight-lining' | 'acquiescence';

export interface ResponseStyleFlag {
  readonly code: ResponseStyleFlagCode;
  readonly value: number;
  readonly threshold: number;
}

export interface ResponseStyleLimits {
  /** Flag this many identical answers in a row. */
  readonly maxSameRun: number;
  /** Flag when one answer makes up this share of all. */
  readonly maxSameShare: number;
  /** Flag when the mean answer is this far from neutral regardless of keying. */
  readonly maxAcquiescence: number;
}

/** The share and lean limits every questionnaire uses unless told otherwise (the run depends on its length). */
export const DEFAULT_MAX_SAME_SHARE = 0.75;
export const DEFAULT_MAX_ACQUIESCENCE = 1.25;

/**
 * The answer sheet judged by how it was answered: straight-lining (a long run, else one answer nearly
 * everywhere) and acquiescence. Empty when the sheet describes a person rather than a way of answering.
 */
export function responseStyleFlags(style: ResponseStyle, limits: ResponseStyleLimits): ResponseStyleFlag[] {
  const flags: ResponseStyleFlag[] = [];
  if (style.longestSameRun >= limits.maxSameRun) {
    flags.push({ code: 'straight-lining', value: style.longestSameRun, threshold: limits.maxSameRun });
  } else if (style.sameShare >= limits.maxSameShare) {
    flags.push({ code: 'straight-lining', value: style.sameShare, threshold: limits.maxSameShare });
  }
  if (Math.abs(style.acquiescence) >= limits.maxAcquiescence) {
    flags.push({ code: 'acquiescence', value: style.acquiescence, threshold: limits.maxAcquiescence });
  }
  return flags;
}
