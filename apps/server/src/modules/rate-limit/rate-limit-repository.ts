import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** The rate limits' table (`rate_limit_hits`): its only owner. */
export function rateLimitRepository(db: Kysely<Database>) {
  return {
    /**
     * Counts one hit in the current fixed window and returns it with the previous window's count, for a
     * sliding-window estimate (issue 13: fixed windows let a burst through across a boundary). One row per
     * key and window (`key@start`); the increment is one statement, so concurrent instances on the same
     * database cannot both slip under the limit. A window's first hit drops the row two windows back: at most
     * two rows per key stay.
     */
    async countHit(key: string, windowStart: number, windowMs: number): Promise<{ current: number; previous: number }> {
      const row = await db
        .insertInto('rate_limit_hits')
        .values({ key: `${key}@${windowStart}`, window_start: windowStart, count: 1 })
        .onConflict((oc) => oc.column('key').doUpdateSet({ count: sql<number>`rate_limit_hits.count + 1` }))
        .returning('count')
        .executeTakeFirstOrThrow();
      const current = Number(row.count);
      const [previous] = await Promise.all([
        db
          .selectFrom('rate_limit_hits')
          .select('count')
          .where('key', '=', `${key}@${windowStart - windowMs}`)
          .executeTakeFirst(),
        current === 1
          ? db
              .deleteFrom('rate_limit_hits')
              .where('key', '=', `${key}@${windowStart - 2 * windowMs}`)
              .execute()
          : undefined,
      ]);
      return { current, previous: Number(previous?.count ?? 0) };
    },

    async deleteExpiredHits(before: number): Promise<void> {
      await db.deleteFrom('rate_limit_hits').where('window_start', '<', before).execute();
    },
  };
}
export type RateLimitRepository = ReturnType<typeof rateLimitRepository>;
