import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

export type PaymentRow = Database['payments'];
export type PaymentStatus = PaymentRow['status'];

/** Every SQL statement of payments and processor events. Guarded updates make each transition happen once. */
export function paymentRepository(db: Kysely<Database>) {
  return {
    db,
    /** Inserts the attempt; a concurrent duplicate of the same attempt finds the row the first one wrote. */
    async insertAttempt(row: PaymentRow): Promise<PaymentRow> {
      const inserted = await db
        .insertInto('payments')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      return (
        inserted ?? (await db.selectFrom('payments').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow())
      );
    },
    find(id: string): Promise<PaymentRow | undefined> {
      return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByRef(provider: string, ref: string): Promise<PaymentRow | undefined> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('provider', '=', provider as PaymentRow['provider'])
        .where('provider_ref', '=', ref)
        .executeTakeFirst();
    },
    /** An order's payments for one extra, oldest first. */
    forOrderPackage(orderNumber: string, packageId: string): Promise<PaymentRow[]> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('order_number', '=', orderNumber)
        .where('package_id', '=', packageId)
        .orderBy('created_at')
        .execute();
    },
    /** The order's latest payment for the order itself (extras bought after it are not counted). */
    latestForOrder(orderNumber: string): Promise<PaymentRow | undefined> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('order_number', '=', orderNumber)
        .where('package_id', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    /** Mirrors the processor's state; a succeeded payment never changes again. */
    async mirrorStatus(id: string, status: PaymentStatus, failureCode: string | null, now: number): Promise<void> {
      await db
        .updateTable('payments')
        .set({ status, failure_code: failureCode, updated_at: now })
        .where('id', '=', id)
        .where('status', '!=', 'succeeded')
        .where((eb) => eb.or([eb('status', '!=', status), eb('failure_code', 'is distinct from', failureCode)]))
        .execute();
    },
    /** Payments still open at the processor, or waiting for a refund. */
    unsettled(since: number, createdBefore: number, limit: number): Promise<PaymentRow[]> {
      return (
        db
          .selectFrom('payments')
          .selectAll()
          .where('updated_at', '>=', since)
          .where((eb) =>
            eb.or([
              eb.and([eb('status', 'in', ['requires_action', 'processing']), eb('created_at', '<', createdBefore)]),
              eb('refund_status', '=', 'pending'),
            ]),
          )
          // Newest first: an abandoned attempt must not hold back one a visitor is waiting on.
          .orderBy('created_at', 'desc')
          .limit(limit)
          .execute()
      );
    },
    async markRefunded(id: string, now: number): Promise<void> {
      await db
        .updateTable('payments')
        .set({ refund_status: 'refunded', updated_at: now })
        .where('id', '=', id)
        .where('refund_status', '=', 'pending')
        .execute();
    },
    /** Stores a processor event; false when this event id was already processed (a replay). */
    async recordEvent(e: { provider: string; eventId: string; type: string; ref: string | null }, now: number) {
      await db
        .insertInto('payment_events')
        .values({
          provider: e.provider,
          event_id: e.eventId,
          type: e.type,
          ref: e.ref,
          received_at: now,
          processed_at: null,
        })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .execute();
      const row = await db
        .selectFrom('payment_events')
        .select('processed_at')
        .where('provider', '=', e.provider)
        .where('event_id', '=', e.eventId)
        .executeTakeFirstOrThrow();
      return row.processed_at === null;
    },
    async markEventProcessed(provider: string, eventId: string, now: number): Promise<void> {
      await db
        .updateTable('payment_events')
        .set({ processed_at: now })
        .where('provider', '=', provider)
        .where('event_id', '=', eventId)
        .execute();
    },
  };
}
export type PaymentRepository = ReturnType<typeof paymentRepository>;

/**
 * The paid transition, inside the caller's transaction: the payment succeeds (once) and the order becomes
 * paid (once). Returns whether this call made the order paid; false when it was already paid, by this
 * payment (a replay) or by another one (then this payment is marked for a refund).
 */
export async function settleInTransaction(trx: Transaction<Database>, p: PaymentRow, now: number): Promise<boolean> {
  await trx
    .updateTable('payments')
    .set({ status: 'succeeded', failure_code: null, settled_at: now, updated_at: now })
    .where('id', '=', p.id)
    .where('status', '!=', 'succeeded')
    .execute();
  const paid = await trx
    .updateTable('exam_orders')
    .set({
      status: 'paid',
      sku_id: p.sku_id,
      country: p.country,
      currency: p.currency,
      amount_minor: p.amount_minor,
      promo_code: p.promo_code,
      paid_payment_id: p.id,
      paid_at: now,
      email: p.email,
      updated_at: now,
    })
    .where('order_number', '=', p.order_number)
    .where('status', '=', 'pending_payment')
    .executeTakeFirst();
  if (Number(paid.numUpdatedRows) === 1) {
    if (p.promo_code) {
      await trx
        .updateTable('promo_codes')
        .set((eb) => ({ redemptions: eb('redemptions', '+', 1) }))
        .where('code', '=', p.promo_code)
        .execute();
    }
    return true;
  }
  await trx
    .updateTable('payments')
    .set({ refund_status: 'pending', updated_at: now })
    .where('id', '=', p.id)
    .where('refund_status', 'is', null)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('exam_orders')
        .select('paid_payment_id')
        .where('order_number', '=', p.order_number)
        .where('paid_payment_id', 'is not', null)
        .$narrowType<{ paid_payment_id: string }>(),
    )
    .execute();
  return false;
}
