import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Every SQL statement of page views and log ids. */
export function trackingRepository(db: Kysely<Database>) {
  return {
    async insertView(row: Insertable<Database['page_views']>): Promise<void> {
      await db.insertInto('page_views').values(row).execute();
    },
    async insertLogid(logid: string, appExamId: number, now: number): Promise<void> {
      await db.insertInto('logids').values({ logid, app_exam_id: appExamId, created_at: now }).execute();
    },
  };
}
export type TrackingRepository = ReturnType<typeof trackingRepository>;
