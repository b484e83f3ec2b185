import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Every SQL statement of scheduled jobs' leases (`job_leases`). */
export function retentionRepository(db: Kysely<Database>) {
  return {
    /**
     * Takes the job for `holder` until `until` when no one holds it and its work is not done through `day`:
     * one guarded update, so of several instances at most one wins. False when not taken.
     */
    async claim(name: string, holder: string, now: number, until: number, day: number): Promise<boolean> {
      await db
        .insertInto('job_leases')
        .values({ name, holder: null, locked_until: 0, done_through: 0 })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const res = await db
        .updateTable('job_leases')
        .set({ holder, locked_until: until })
        .where('name', '=', name)
        .where('locked_until', '<', now)
        .where('done_through', '<', day)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** The holder's work is done through `day`; the lease is let go. */
    async finish(name: string, holder: string, day: number): Promise<void> {
      await db
        .updateTable('job_leases')
        .set({ holder: null, locked_until: 0, done_through: day })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },
    /** The holder failed: the lease is let go, the work is tried again on the next pass. */
    async release(name: string, holder: string): Promise<void> {
      await db
        .updateTable('job_leases')
        .set({ holder: null, locked_until: 0 })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },
  };
}
export type RetentionRepository = ReturnType<typeof retentionRepository>;
