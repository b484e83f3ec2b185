/** One count of a funnel metric: an epoch day (UTC), a language, how many. */
export interface DayCount {
  metric: string;
  day: number;
  hl: string;
  n: number;
}

export const DAY_MS = 86_400_000;

/** Rows of `{ d, hl, n }` from a repository, named by their metric. */
export const asDayCounts = (metric: string, rows: { d: unknown; hl: unknown; n: unknown }[]): DayCount[] =>
  rows.map((r) => ({ metric, day: Number(r.d), hl: String(r.hl ?? ''), n: Number(r.n) }));
