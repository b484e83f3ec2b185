import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import { claimedBatch } from '../../db/claimed-batch';
import type { Database } from '../../db/schema';

export type DbOrTrx = Kysely<Database> | Transaction<Database>;
export type OutboxRow = Database['mail_outbox'] & { id: number };

/** Every SQL statement of the e-mail outbox. */
export function outboxRepository(db: Kysely<Database>) {
  return {
    /** How many e-mails stand in each state (the metrics endpoint's gauge). */
    countByStatus(): Promise<{ status: string; n: number }[]> {
      return db
        .selectFrom('mail_outbox')
        .select(['status', sql<number>`count(*)`.as('n')])
        .groupBy('status')
        .execute();
    },
    /** The newest e-mails, optionally in one state or to one address (the operator's outbox view). */
    recent(f: { status?: OutboxRow['status'] | undefined; to?: string | undefined; id?: number; limit: number }) {
      let q = db
        .selectFrom('mail_outbox')
        .select(['id', 'template', 'to_address', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
        .orderBy('id', 'desc')
        .limit(f.limit);
      if (f.status) q = q.where('status', '=', f.status);
      if (f.to) q = q.where('to_address', '=', f.to);
      if (f.id !== undefined) q = q.where('id', '=', f.id);
      return q.execute();
    },
    /** A failed e-mail goes back in the queue, due now (once: only a failed row moves). */
    async requeueFailed(id: number, now: number): Promise<boolean> {
      const res = await db
        .updateTable('mail_outbox')
        .set({ status: 'pending', next_attempt_at: now, locked_until: null })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    exists(id: number) {
      return db.selectFrom('mail_outbox').select('id').where('id', '=', id).executeTakeFirst();
    },
    /** Due rows handed to the workers: listDueIds, claim, claimBatch (the outboxes' shared statements). */
    ...claimedBatch<OutboxRow>(db, 'mail_outbox'),
    markSent(id: number, now: number) {
      return db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: now, locked_until: null, last_error: null })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .execute();
    },
    markFailed(id: number, error: string, nextAttemptAt: number | null) {
      return db
        .updateTable('mail_outbox')
        .set({
          status: nextAttemptAt === null ? 'failed' : 'pending',
          next_attempt_at: nextAttemptAt ?? 0,
          locked_until: null,
          last_error: error.slice(0, 1000),
        })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .execute();
    },
    /** Queues a message; a second one with the same dedupe key queues nothing. */
    async enqueue(row: Insertable<Database['mail_outbox']>): Promise<void> {
      await db
        .insertInto('mail_outbox')
        .values(row)
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
    },
    find(id: number) {
      return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Retention: the rendered data of e-mails sent before `before` is dropped (the row stays, as a record). */
    async dropSentBodies(before: number): Promise<number> {
      const res = await db
        .updateTable('mail_outbox')
        .set({ payload: '{}' })
        .where(sql<boolean>`status = 'sent'`)
        .where('sent_at', '<', before)
        .where('payload', '!=', '{}')
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
  };
}
export type OutboxRepository = ReturnType<typeof outboxRepository>;
