import { type Kysely, sql } from 'kysely';
import type { Database } from './schema';

/** The cheapest round trip that proves the database answers (the health check). */
export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
