import { type Insertable, type Kysely, sql } from 'kysely';
import { epochDay } from '../../db/epoch-day';
import type { Database } from '../../db/schema';

/** Raw page views deleted per statement: a long delete must not hold the database for long. */
const DELETE_BATCH = 5000;

/** Every SQL statement of page views, their daily counts and log ids. */
export function trackingRepository(db: Kysely<Database>) {
  return {
    async insertView(row: Insertable<Database['page_views']>): Promise<void> {
      await db.insertInto('page_views').values(row).execute();
    },
    async insertLogid(logid: string, appExamId: number, now: number): Promise<void> {
      await db.insertInto('logids').values({ logid, app_exam_id: appExamId, created_at: now }).execute();
    },
    /** The last day rolled up (YYYY-MM-DD), if any (max: one step down the primary key's index). */
    async lastRolledDay(): Promise<string | undefined> {
      const row = await db
        .selectFrom('page_view_days')
        .select((eb) => eb.fn.max('day').as('day'))
        .executeTakeFirst();
      return row?.day ?? undefined;
    },
    async oldestViewAt(): Promise<number | undefined> {
      const row = await db
        .selectFrom('page_views')
        .select((eb) => eb.fn.min('created_at').as('at'))
        .executeTakeFirst();
      return row?.at == null ? undefined : Number(row.at);
    },
    /**
     * Counts one whole day's views per landing variant, language and event: one statement, so the day is
     * counted entirely or not at all (a second instance rolling the same day fails on the primary key).
     */
    async rollUpDay(day: string, from: number, to: number): Promise<number> {
      const res = await db
        .insertInto('page_view_days')
        .columns(['day', 'variant', 'hl', 'event', 'n'])
        .expression(
          db
            .selectFrom('page_views')
            .select([
              sql.lit(day).as('day'),
              'variant',
              sql<string>`coalesce(hl, '')`.as('hl'),
              'event',
              sql<number>`count(*)`.as('n'),
            ])
            .where('created_at', '>=', from)
            .where('created_at', '<', to)
            .groupBy(['variant', sql`coalesce(hl, '')`, 'event']),
        )
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0);
    },
    /** Deletes raw views older than `before`, in batches (ids read on the time index); returns how many. */
    async deleteViewsBefore(before: number): Promise<number> {
      let total = 0;
      for (;;) {
        const ids = await db
          .selectFrom('page_views')
          .select('id')
          .where('created_at', '<', before)
          .orderBy('created_at')
          .limit(DELETE_BATCH)
          .execute();
        if (ids.length === 0) return total;
        await db
          .deleteFrom('page_views')
          .where(
            'id',
            'in',
            ids.map((r) => r.id),
          )
          .execute();
        total += ids.length;
        if (ids.length < DELETE_BATCH) return total;
      }
    },
    async deleteLogidsBefore(before: number): Promise<number> {
      const res = await db.deleteFrom('logids').where('created_at', '<', before).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
    /** Raw views counted per UTC epoch day, variant, language and event (days the rollup has not done yet). */
    rawDayCounts(from: number, to: number) {
      const day = epochDay('created_at');
      return db
        .selectFrom('page_views')
        .select([
          day.as('d'),
          'variant',
          sql<string>`coalesce(hl, '')`.as('hl'),
          'event',
          (eb) => eb.fn.countAll<number>().as('n'),
        ])
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .groupBy([day, 'variant', sql`coalesce(hl, '')`, 'event'])
        .execute();
    },
    /** Daily counts of the days from..to (inclusive, YYYY-MM-DD). */
    dailyCounts(from: string, to: string) {
      return db
        .selectFrom('page_view_days')
        .select(['day', 'variant', 'hl', 'event', 'n'])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .orderBy('day')
        .orderBy('variant')
        .orderBy('hl')
        .orderBy('event')
        .execute();
    },
  };
}
export type TrackingRepository = ReturnType<typeof trackingRepository>;
