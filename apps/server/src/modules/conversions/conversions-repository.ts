import type { Insertable, Kysely } from 'kysely';
import { claimedBatch } from '../../db/claimed-batch';
import type { Database } from '../../db/schema';

export type ConversionRow = Database['conversion_outbox'] & { id: number };
export type AttributionRow = Database['order_attributions'];

/** Every SQL statement on `order_attributions` and `conversion_outbox`. */
export function conversionsRepository(db: Kysely<Database>) {
  return {
    /** The first attribution of an order stays (a later page of the same visit says the same). */
    async saveAttribution(row: AttributionRow): Promise<void> {
      await db
        .insertInto('order_attributions')
        .values(row)
        .onConflict((oc) => oc.column('order_number').doNothing())
        .execute();
    },
    findAttribution(orderNumber: string) {
      return db.selectFrom('order_attributions').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
    },
    /** Queues a purchase for a provider; once per provider and order (a replayed payment adds nothing). */
    async enqueue(row: Insertable<Database['conversion_outbox']>): Promise<void> {
      await db
        .insertInto('conversion_outbox')
        .values(row)
        .onConflict((oc) => oc.columns(['provider', 'order_number']).doNothing())
        .execute();
    },
    /** Due rows handed to the worker: listDueIds, claim, claimBatch (the outboxes' shared statements). */
    ...claimedBatch<ConversionRow>(db, 'conversion_outbox'),
    async markSent(id: number, now: number): Promise<void> {
      await db
        .updateTable('conversion_outbox')
        .set({ status: 'sent', sent_at: now, locked_until: null, last_error: null })
        .where('id', '=', id)
        .execute();
    },
    async markRetry(id: number, nextAt: number, error: string, failed: boolean): Promise<void> {
      await db
        .updateTable('conversion_outbox')
        .set({ status: failed ? 'failed' : 'pending', next_attempt_at: nextAt, locked_until: null, last_error: error })
        .where('id', '=', id)
        .execute();
    },
    listByOrder(orderNumber: string) {
      return db
        .selectFrom('conversion_outbox')
        .selectAll()
        .where('order_number', '=', orderNumber)
        .orderBy('provider')
        .execute();
    },
  };
}
export type ConversionsRepository = ReturnType<typeof conversionsRepository>;
