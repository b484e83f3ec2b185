import { type Kysely, sql } from 'kysely';
import { epochDay } from '../../db/epoch-day';
import type { Database } from '../../db/schema';
import { asDayCounts, type DayCount } from '../../lib/day-counts';

export type PaymentRow = Database['payments'];
export type PaymentStatus = PaymentRow['status'];

/** Every SQL statement of payments and processor events. Guarded updates make each transition happen once. */
export function paymentRepository(db: Kysely<Database>) {
  return {
    /**
     * The funnel's counts of payments (UTC days from..to, epoch ms): settled ones, and refunded ones, by the
     * order's landing variant and by language.
     */
    async funnelCounts(from: number, to: number): Promise<DayCount[]> {
      const settled = (refunded: boolean) => {
        let q = db
          .selectFrom('payments')
          .select([
            epochDay('settled_at').as('d'),
            'landing_variant as variant',
            'locale as hl',
            (eb) => eb.fn.countAll<number>().as('n'),
          ])
          .where('settled_at', '>=', from)
          .where('settled_at', '<', to)
          .where('status', '=', 'succeeded');
        if (refunded) q = q.where('refund_status', '=', 'refunded');
        return q.groupBy([epochDay('settled_at'), 'landing_variant', 'locale']).execute();
      };
      const [paid, refunded] = await Promise.all([settled(false), settled(true)]);
      return [...asDayCounts('payments', paid), ...asDayCounts('refunds', refunded)];
    },
    /** How many payments stand in each status (the metrics endpoint's gauge). */
    countByStatus(): Promise<{ status: string; n: number }[]> {
      return db
        .selectFrom('payments')
        .select(['status', sql<number>`count(*)`.as('n')])
        .groupBy('status')
        .execute();
    },
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
    /**
     * Payments still open at the processor, or waiting for a refund: two reads, each on its partial index
     * (migration 0012; the conditions are written as literals so that both planners see they match the
     * indexes' own), so a pass costs the same however many payments have settled.
     */
    async unsettled(since: number, createdBefore: number, limit: number): Promise<PaymentRow[]> {
      const [open, refunds] = await Promise.all([
        db
          .selectFrom('payments')
          .selectAll()
          .where(sql<boolean>`status in ('requires_action', 'processing')`)
          .where('created_at', '<', createdBefore)
          .where('updated_at', '>=', since)
          // Newest first: an abandoned attempt must not hold back one a visitor is waiting on.
          .orderBy('created_at', 'desc')
          .limit(limit)
          .execute(),
        db
          .selectFrom('payments')
          .selectAll()
          .where(sql<boolean>`refund_status = 'pending'`)
          .where('updated_at', '>=', since)
          .orderBy('created_at', 'desc')
          .limit(limit)
          .execute(),
      ]);
      const byId = new Map([...open, ...refunds].map((p) => [p.id, p]));
      return [...byId.values()].sort((a, b) => b.created_at - a.created_at).slice(0, limit);
    },
    /** The payment succeeded; false when it already had (a replay). */
    async markSucceeded(id: string, now: number): Promise<boolean> {
      const res = await db
        .updateTable('payments')
        .set({ status: 'succeeded', failure_code: null, settled_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '!=', 'succeeded')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Every payment of an order (the order's own, extras, a plan's first), oldest first. */
    ofOrder(orderNumber: string): Promise<PaymentRow[]> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('order_number', '=', orderNumber)
        .orderBy('created_at')
        .execute();
    },
    /** The processor events that concerned these payments, oldest first. */
    eventsOf(refs: string[]) {
      if (refs.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('payment_events')
        .select(['provider', 'type', 'received_at'])
        .where('ref', 'in', refs)
        .orderBy('received_at')
        .limit(200)
        .execute();
    },
    /** An operator's refund of a succeeded payment: true for the one call that asked first. */
    async requestRefund(id: string, now: number): Promise<boolean> {
      const res = await db
        .updateTable('payments')
        .set({ refund_status: 'pending', updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'succeeded')
        .where('refund_status', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** A second success for an order paid by another payment: to be given back (once). */
    async markRefundPending(id: string, now: number): Promise<void> {
      await db
        .updateTable('payments')
        .set({ refund_status: 'pending', updated_at: now })
        .where('id', '=', id)
        .where('refund_status', 'is', null)
        .execute();
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
    /**
     * Retention: processed webhook events received before `before` (their replay is still harmless: the
     * settlement is guarded by the payment's state).
     */
    async deleteEventsBefore(before: number): Promise<number> {
      const res = await db
        .deleteFrom('payment_events')
        .where('received_at', '<', before)
        .where('processed_at', 'is not', null)
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
export type PaymentRepository = ReturnType<typeof paymentRepository>;
