import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Runs work in one database transaction, handing it repositories bound to that transaction. Services take
 * this instead of a database handle: the handle stays inside repositories (decision 0016).
 */
export type WithTransaction<R> = <T>(work: (repos: R) => Promise<T>) => Promise<T>;

/** Builds the helper from the database and the factory of the repositories a transaction may use. */
export function withTransaction<R>(db: Kysely<Database>, repos: (handle: Kysely<Database>) => R): WithTransaction<R> {
  return (work) => db.transaction().execute((trx) => work(repos(trx)));
}
