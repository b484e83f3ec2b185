import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;
export type TicketRow = Selectable<Database['support_tickets']>;
export type ReplyRow = { id: number; ticket_id: string; author: string; message: string; created_at: number };

/** Every SQL statement of support tickets and their replies. */
export function supportRepository(db: Db) {
  return {
    async insertTicket(row: Insertable<Database['support_tickets']>): Promise<void> {
      await db.insertInto('support_tickets').values(row).execute();
    },
    /** Tickets in a state (or all), open ones first, newest first. */
    listTickets(status: 'open' | 'done' | 'all', limit: number): Promise<TicketRow[]> {
      // Open before done; a VIP member's first (priority support); then the newest.
      let q = db
        .selectFrom('support_tickets')
        .selectAll()
        .orderBy('status', 'desc')
        .orderBy('priority', 'desc')
        .orderBy('created_at', 'desc');
      if (status !== 'all') q = q.where('status', '=', status);
      return q.limit(limit).execute();
    },
    findTicket(publicId: string): Promise<TicketRow | undefined> {
      return db.selectFrom('support_tickets').selectAll().where('public_id', '=', publicId).executeTakeFirst();
    },
    repliesOf(publicIds: string[]): Promise<ReplyRow[]> {
      if (publicIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('support_replies').selectAll().where('ticket_id', 'in', publicIds).orderBy('id').execute();
    },
    async insertReply(row: Omit<ReplyRow, 'id'>): Promise<void> {
      await db.insertInto('support_replies').values(row).execute();
    },
    async markDone(publicId: string, now: number): Promise<boolean> {
      const res = await db
        .updateTable('support_tickets')
        .set({ status: 'done', done_at: now })
        .where('public_id', '=', publicId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
export type SupportRepository = ReturnType<typeof supportRepository>;
