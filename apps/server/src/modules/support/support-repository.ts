import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Every SQL statement of support tickets. */
export function supportRepository(db: Kysely<Database>) {
  return {
    async insertTicket(row: Insertable<Database['support_tickets']>): Promise<void> {
      await db.insertInto('support_tickets').values(row).execute();
    },
  };
}
export type SupportRepository = ReturnType<typeof supportRepository>;
