import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Every SQL statement of the local mailbox (MAIL_TRANSPORT=local): what was "sent", for /dev/mailbox. */
export function mailboxRepository(db: Kysely<Database>) {
  return {
    /** Stores a sent message; keyed on its outbox row, so a retried send stores nothing twice. */
    async store(row: Insertable<Database['local_mailbox']>): Promise<void> {
      await db
        .insertInto('local_mailbox')
        .values(row)
        .onConflict((oc) => oc.column('outbox_id').doNothing())
        .execute();
    },
    latest(limit: number) {
      return db.selectFrom('local_mailbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
    },
    find(id: number) {
      return db.selectFrom('local_mailbox').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Retention: messages of the local mailbox older than `before`. */
    async deleteBefore(before: number): Promise<number> {
      const res = await db.deleteFrom('local_mailbox').where('created_at', '<', before).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
export type MailboxRepository = ReturnType<typeof mailboxRepository>;
