import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type ProfileRow = Database['session_profiles'];

/** Every SQL statement on `session_profiles` (the "about you" form of a test session). */
export function profileRepository(db: Kysely<Database>) {
  return {
    find(sessionId: string) {
      return db.selectFrom('session_profiles').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
    },
    /** Saves the form; sent again, it replaces the earlier answers (the taker corrects a typo). */
    async save(row: Insertable<Database['session_profiles']>): Promise<void> {
      const { session_id: _id, created_at: _created, ...changes } = row;
      await db
        .insertInto('session_profiles')
        .values(row)
        .onConflict((oc) => oc.column('session_id').doUpdateSet(changes))
        .execute();
    },
    /** First names of some sessions whose takers consented (the notices show only their initial). */
    firstNames(sessionIds: readonly string[]) {
      if (sessionIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('session_profiles')
        .select(['session_id', 'first_name'])
        .where('session_id', 'in', [...sessionIds])
        .where('norms_consent', '=', 1)
        .execute();
    },
  };
}
export type ProfileRepository = ReturnType<typeof profileRepository>;
