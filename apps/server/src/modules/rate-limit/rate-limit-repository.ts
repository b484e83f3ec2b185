import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Counts one hit in a fixed window and returns the count so far. One statement, so concurrent instances on
 * the same database cannot both slip under the limit.
 */
export async function countHit(db: Kysely<Database>, key: string, windowStart: number): Promise<number> {
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limit_hits.window_start = excluded.window_start then rate_limit_hits.count + 1 else 1 end`,
        window_start: sql<number>`excluded.window_start`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteExpiredHits(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('window_start', '<', before).execute();
}
