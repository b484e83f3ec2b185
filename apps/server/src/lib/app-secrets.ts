import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The keys to sign and verify with: the operator's (from the environment, newest first, older ones kept for
 * a grace period) or else the one generated into the database.
 */
export async function secretKeys(
  db: Kysely<Database>,
  name: string,
  now: number,
  fromEnv: readonly string[] | undefined,
): Promise<string[]> {
  return fromEnv && fromEnv.length > 0 ? [...fromEnv] : [await getOrCreateSecret(db, name, now)];
}

/**
 * A secret generated once and kept in the database, so every instance signs with the same key and an
 * operator has nothing to configure. Insert-if-absent, then read: two instances starting together agree.
 */
export async function getOrCreateSecret(db: Kysely<Database>, name: string, now: number): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
