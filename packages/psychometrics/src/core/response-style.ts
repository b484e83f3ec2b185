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
