/** One count of a funnel metric: an epoch day (UTC), a landing variant ('' for none), a language, how many. */
export interface DayCount {
  metric: string;
  day: number;
  variant: string;
  hl: string;
  n: number;
}

export const DAY_MS = 86_400_000;

/** Rows of `{ d, variant, hl, n }` from a repository, named by their metric. */
export const asDayCounts = (
  metric: string,
  rows: { d: unknown; variant: unknown; hl: unknown; n: unknown }[],
): DayCount[] =>
  rows.map((r) => ({
    metric,
    day: Number(r.d),
    variant: String(r.variant ?? ''),
    hl: String(r.hl ?? ''),
    n: Number(r.n),
  }));
