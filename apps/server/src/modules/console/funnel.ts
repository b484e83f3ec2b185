import { FUNNEL_METRICS, type TFunnelMetric, type TFunnelRow } from '@mindgauge/contract';
import { AppError } from '../../lib/app-error';
import { DAY_MS, type DayCount } from '../../lib/day-counts';

/** The longest range the funnel counts at once (its queries read every record of the range). */
export const FUNNEL_MAX_DAYS = 92;

export interface FunnelSources {
  /** Page views per day (YYYY-MM-DD), landing variant, language and event (the tracking module). */
  views(range: { from: string; to: string }): Promise<{ day: string; variant: string; hl: string; n: number }[]>;
  /** Each owning module's counts per epoch day, landing variant and language (exam, payments, subscriptions). */
  counts: ((from: number, to: number) => Promise<DayCount[]>)[];
}

const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The funnel's range, checked: from <= to, at most FUNNEL_MAX_DAYS days. */
export function funnelRange(from: string, to: string): { from: number; to: number } {
  const a = dayMs(from);
  const b = dayMs(to) + DAY_MS;
  if (!(b > a) || (b - a) / DAY_MS > FUNNEL_MAX_DAYS)
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ path: 'query.to', message: `a range of 1 to ${FUNNEL_MAX_DAYS} days` }],
    });
  return { from: a, to: b };
}

/** One row per day, variant and language, every measure filled (0 when nothing happened). */
export async function funnelRows(src: FunnelSources, from: string, to: string): Promise<TFunnelRow[]> {
  const range = funnelRange(from, to);
  const [views, ...counts] = await Promise.all([
    src.views({ from, to }),
    ...src.counts.map((c) => c(range.from, range.to)),
  ]);
  const rows = new Map<string, TFunnelRow>();
  const add = (day: string, variant: string, hl: string, metric: TFunnelMetric, n: number) => {
    const key = `${day}\u0000${variant}\u0000${hl}`;
    let row = rows.get(key);
    if (!row) {
      row = { day, variant, hl, ...Object.fromEntries(FUNNEL_METRICS.map((m) => [m, 0])) } as TFunnelRow;
      rows.set(key, row);
    }
    row[metric] += n;
  };
  for (const v of views) add(v.day, v.variant, v.hl, 'pageViews', v.n);
  for (const c of counts.flat())
    if ((FUNNEL_METRICS as readonly string[]).includes(c.metric))
      add(dayOf(c.day * DAY_MS), c.variant, c.hl, c.metric as TFunnelMetric, c.n);
  return [...rows.values()].sort(
    (x, y) => x.day.localeCompare(y.day) || x.variant.localeCompare(y.variant) || x.hl.localeCompare(y.hl),
  );
}

/** RFC 4180 CSV: a header line, then one line per row; a field with a comma, quote or line break is quoted. */
export function funnelCsv(rows: TFunnelRow[]): string {
  const field = (v: string | number) => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const header = ['day', 'variant', 'language', ...FUNNEL_METRICS];
  const lines = rows.map((r) => [r.day, r.variant, r.hl, ...FUNNEL_METRICS.map((m) => r[m])].map(field).join(','));
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
