import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getOrCreateStoredSecret } from './app-secrets-repository';

/**
 * A secret generated once and kept in the database, so every instance signs with the same key and an
 * operator has nothing to configure. Insert-if-absent, then read: two instances starting together agree.
 */
export function getOrCreateSecret(db: Kysely<Database>, name: string, now: number): Promise<string> {
  return getOrCreateStoredSecret(db, name, now);
}
