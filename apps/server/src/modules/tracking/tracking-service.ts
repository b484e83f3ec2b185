import { randomHex128 } from '../../lib/ids';
import { pageEventOf } from './page-event';
import type { TrackingRepository } from './tracking-repository';

export interface PageView {
  url?: string | undefined;
  appVersion?: string | undefined;
  hl?: string | undefined;
  uid?: string | undefined;
  examId?: number | undefined;
  appExamId?: number | undefined;
  logid?: string | undefined;
}

/** One row of the daily page-view counts (UTC days). */
export interface DailyCount {
  day: string;
  /** The landing variant ('' when the page is not a landing). */
  variant: string;
  /** The page's language ('' when not given). */
  hl: string;
  /** The route viewed (the route registry's id: `landing`, `answerStandard`, `payingSuccess`…, or `other`). */
  event: string;
  n: number;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** Page views and log ids: the platform's own counters, never invented numbers. */
export function trackingService(repo: TrackingRepository) {
  return {
    async recordView(view: PageView, now: number): Promise<void> {
      const { event, variant } = pageEventOf(view.url);
      await repo.insertView({
        logid: view.logid ?? null,
        uid: view.uid ?? null,
        hl: view.hl ?? null,
        exam_id: view.examId ?? null,
        app_exam_id: view.appExamId ?? null,
        url: view.url ?? null,
        app_version: view.appVersion ?? null,
        created_at: now,
        variant,
        event,
      });
    },
    async generateLogid(appExamId: number, now: number): Promise<string> {
      const logid = randomHex128();
      await repo.insertLogid(logid, appExamId, now);
      return logid;
    },

    /**
     * Rolls every whole day not yet counted (up to yesterday, UTC) into the daily counts; returns the days
     * rolled. Views are recorded at the time they arrive, so a finished day never changes afterwards.
     */
    async rollUp(now: number): Promise<number> {
      const today = startOfDay(now);
      const last = await repo.lastRolledDay();
      let day: number;
      if (last) day = Date.parse(`${last}T00:00:00Z`) + DAY_MS;
      else {
        const oldest = await repo.oldestViewAt();
        if (oldest === undefined) return 0;
        day = startOfDay(oldest);
      }
      let rolled = 0;
      for (; day < today; day += DAY_MS) {
        await repo.rollUpDay(dayOf(day), day, day + DAY_MS);
        rolled++;
      }
      return rolled;
    },

    /**
     * Deletes raw views and log ids older than `keepDays`, never a view of a day not yet rolled up.
     * Returns how many rows went.
     */
    async purge(now: number, keepDays: number): Promise<number> {
      const last = await repo.lastRolledDay();
      const rolledUntil = last ? Date.parse(`${last}T00:00:00Z`) + DAY_MS : 0;
      const before = Math.min(now - keepDays * DAY_MS, rolledUntil);
      const views = before > 0 ? await repo.deleteViewsBefore(before) : 0;
      return views + (await repo.deleteLogidsBefore(now - keepDays * DAY_MS));
    },

    /**
     * The daily counts of page views from `from` to `to` (dates YYYY-MM-DD, both included, UTC days), per
     * landing variant, language and event: what the funnel and the counters read (raw views go after the
     * retention period; these stay).
     */
    async dailyCounts(range: { from: string; to: string }): Promise<DailyCount[]> {
      const rows = await repo.dailyCounts(range.from, range.to);
      return rows.map((r) => ({ day: r.day, variant: r.variant, hl: r.hl, event: r.event, n: Number(r.n) }));
    },

    /**
     * The funnel's page views: the rolled-up days of the range, plus the raw views of the days the rollup has
     * not done yet (today, or every day if it never ran), counted the same way. Never a day twice.
     */
    async viewCounts(range: { from: string; to: string }): Promise<DailyCount[]> {
      const rolled = (await repo.dailyCounts(range.from, range.to)).map((r) => ({ ...r, n: Number(r.n) }));
      const last = await repo.lastRolledDay();
      const rawFrom = Math.max(
        Date.parse(`${range.from}T00:00:00Z`),
        last ? Date.parse(`${last}T00:00:00Z`) + DAY_MS : 0,
      );
      const rawTo = Date.parse(`${range.to}T00:00:00Z`) + DAY_MS;
      if (rawFrom >= rawTo) return rolled;
      const raw = await repo.rawDayCounts(rawFrom, rawTo);
      return [
        ...rolled,
        ...raw.map((r) => ({
          day: dayOf(Number(r.d) * DAY_MS),
          variant: r.variant,
          hl: r.hl,
          event: r.event,
          n: Number(r.n),
        })),
      ];
    },
  };
}
export type TrackingService = ReturnType<typeof trackingService>;
