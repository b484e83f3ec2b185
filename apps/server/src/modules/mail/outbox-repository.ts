import { type ExpressionBuilder, type Insertable, type Kysely, sql, type Transaction } from 'kysely';
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
    /** Due rows: pending and due, or claimed by a worker whose lease ran out (it crashed mid-send). */
    listDueIds(now: number, limit: number) {
      return db
        .selectFrom('mail_outbox')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
          ]),
        )
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    /**
     * Claims one row with a guarded update: of several workers (or instances) only one sees a row updated,
     * on SQLite and PostgreSQL alike.
     */
    async claim(id: number, now: number, leaseMs: number): Promise<OutboxRow | undefined> {
      const row = await db
        .updateTable('mail_outbox')
        .set((eb) => ({ status: 'sending', locked_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
          ]),
        )
        .returningAll()
        .executeTakeFirst();
      return row as OutboxRow | undefined;
    },
    /**
     * Claims up to `limit` due rows at once, oldest first, with one guarded update: the subquery picks
     * candidates and the outer WHERE checks each row again as it updates it, so of several workers (or
     * instances) racing for the same rows each row goes to exactly one (on PostgreSQL a row another
     * transaction just claimed fails the re-check and is skipped; SQLite runs one writer at a time).
     */
    async claimBatch(now: number, leaseMs: number, limit: number): Promise<OutboxRow[]> {
      const due = (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
        ]);
      const rows = await db
        .updateTable('mail_outbox')
        .set((eb) => ({ status: 'sending', locked_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', (eb) => eb.selectFrom('mail_outbox').select('id').where(due).orderBy('id').limit(limit))
        .where(due)
        .returningAll()
        .execute();
      return (rows as OutboxRow[]).sort((a, b) => a.id - b.id);
    },
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
