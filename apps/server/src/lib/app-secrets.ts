import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getOrCreateStoredSecret } from './app-secrets-repository';

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
export function getOrCreateSecret(db: Kysely<Database>, name: string, now: number): Promise<string> {
  return getOrCreateStoredSecret(db, name, now);
}
