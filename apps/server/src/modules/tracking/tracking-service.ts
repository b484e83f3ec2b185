import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { randomHex128 } from '../../lib/ids';

export interface PageView {
  url?: string | undefined;
  appVersion?: string | undefined;
  hl?: string | undefined;
  uid?: string | undefined;
  examId?: number | undefined;
  appExamId?: number | undefined;
  logid?: string | undefined;
}

/** Page views and log ids: the platform's own counters, never invented numbers. */
export function trackingService(db: Kysely<Database>) {
  return {
    async recordView(view: PageView, now: number): Promise<void> {
      await db
        .insertInto('page_views')
        .values({
          logid: view.logid ?? null,
          uid: view.uid ?? null,
          hl: view.hl ?? null,
          exam_id: view.examId ?? null,
          app_exam_id: view.appExamId ?? null,
          url: view.url ?? null,
          app_version: view.appVersion ?? null,
          created_at: now,
        })
        .execute();
    },
    async generateLogid(appExamId: number, now: number): Promise<string> {
      const logid = randomHex128();
      await db.insertInto('logids').values({ logid, app_exam_id: appExamId, created_at: now }).execute();
      return logid;
    },
  };
}
