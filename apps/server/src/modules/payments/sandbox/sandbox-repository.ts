import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';

export type SandboxPayment = Database['sandbox_payments'];
export type SandboxEvent = Database['sandbox_events'];
export type SandboxMethod = Database['sandbox_payment_methods'];

/** Every SQL statement of the sandbox processor's own records (its payments, saved methods, webhooks). */
export function sandboxRepository(db: Kysely<Database>) {
  return {
    find(id: string): Promise<SandboxPayment | undefined> {
      return db.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insertEvent(row: SandboxEvent): Promise<void> {
      await db.insertInto('sandbox_events').values(row).execute();
    },
    /** Moves a payment from one of `from` to `to`; false when another move got there first. */
    async move(
      id: string,
      from: SandboxPayment['status'][],
      patch: Partial<SandboxPayment> & { status: SandboxPayment['status']; updated_at: number },
    ): Promise<boolean> {
      const res = await db
        .updateTable('sandbox_payments')
        .set(patch)
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async insertMethod(row: SandboxMethod): Promise<void> {
      await db.insertInto('sandbox_payment_methods').values(row).execute();
    },
    findMethod(id: string): Promise<SandboxMethod | undefined> {
      return db.selectFrom('sandbox_payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Links the payment to the method it kept or used (once). */
    async setMethodIfNone(paymentId: string, methodId: string): Promise<void> {
      await db
        .updateTable('sandbox_payments')
        .set({ payment_method_id: methodId })
        .where('id', '=', paymentId)
        .where('payment_method_id', 'is', null)
        .execute();
    },
    async setMethodFailing(methodId: string, failing: boolean): Promise<boolean> {
      const res = await db
        .updateTable('sandbox_payment_methods')
        .set({ failing: failing ? 1 : 0 })
        .where('id', '=', methodId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Creates a payment unless one with its idempotency key exists; returns the stored one. */
    async insertPayment(row: SandboxPayment): Promise<SandboxPayment> {
      await db
        .insertInto('sandbox_payments')
        .values(row)
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      return db
        .selectFrom('sandbox_payments')
        .selectAll()
        .where('idempotency_key', '=', row.idempotency_key)
        .executeTakeFirstOrThrow();
    },
    /** Marks a succeeded payment refunded; false when it was not (or already was). */
    async refund(id: string, now: number): Promise<boolean> {
      const res = await db
        .updateTable('sandbox_payments')
        .set({ refunded: 1, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'succeeded')
        .where('refunded', '=', 0)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    dueEventIds(now: number, limit: number) {
      return db
        .selectFrom('sandbox_events')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },
    /** Leases a due event for 30 s: of several instances one gets it. */
    claimEvent(id: string, now: number): Promise<SandboxEvent | undefined> {
      return db
        .updateTable('sandbox_events')
        .set((eb) => ({ next_attempt_at: now + 30_000, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .returningAll()
        .executeTakeFirst();
    },
    async markDelivered(id: string, now: number): Promise<void> {
      await db
        .updateTable('sandbox_events')
        .set({ status: 'delivered', delivered_at: now })
        .where('id', '=', id)
        .execute();
    },
    async retryEventAt(id: string, at: number): Promise<void> {
      await db.updateTable('sandbox_events').set({ next_attempt_at: at }).where('id', '=', id).execute();
    },
    /** Retention: delivered events of the local processor created before `before`. */
    async deleteDeliveredEventsBefore(before: number): Promise<number> {
      const res = await db
        .deleteFrom('sandbox_events')
        .where(sql<boolean>`status = 'delivered'`)
        .where('delivered_at', '<', before)
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
export type SandboxRepository = ReturnType<typeof sandboxRepository>;
