import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type OrderRow = Database['exam_orders'];

/** The order's checkout columns: its offer deadline and contact e-mail. */
export function orderCheckoutRepository(db: Kysely<Database>) {
  return {
    find(orderNumber: string): Promise<OrderRow | undefined> {
      return db.selectFrom('exam_orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
    },
    /** Sets the offer deadline once: a reload, a second tab or a second instance never moves it. */
    async startOffer(orderNumber: string, deadline: number): Promise<void> {
      await db
        .updateTable('exam_orders')
        .set({ offer_deadline_at: deadline })
        .where('order_number', '=', orderNumber)
        .where('offer_deadline_at', 'is', null)
        .execute();
    },
    async setEmail(orderNumber: string, email: string, now: number): Promise<void> {
      await db
        .updateTable('exam_orders')
        .set({ email, updated_at: now })
        .where('order_number', '=', orderNumber)
        .execute();
    },
  };
}
export type OrderCheckoutRepository = ReturnType<typeof orderCheckoutRepository>;
