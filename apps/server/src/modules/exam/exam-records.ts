import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The exam module's reads for another module's lists (the personal centre): orders and sessions by the
 * keys that module holds. Read-only; the exam module still owns these tables.
 */
export function examRecords(db: Kysely<Database>) {
  const orderColumns = [
    'order_number',
    'session_id',
    'exam_id',
    'status',
    'email',
    'sku_id',
    'created_at',
    'paid_at',
  ] as const;
  return {
    findOrder(orderNumber: string) {
      return db
        .selectFrom('exam_orders')
        .select(orderColumns)
        .where('order_number', '=', orderNumber)
        .executeTakeFirst();
    },
    paidOrdersByEmail(email: string) {
      return db
        .selectFrom('exam_orders')
        .select(orderColumns)
        .where('email', '=', email)
        .where('status', '=', 'paid')
        .execute();
    },
    ordersOfSessions(sessionIds: string[]) {
      if (sessionIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('exam_orders').select(orderColumns).where('session_id', 'in', sessionIds).execute();
    },
    sessions(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('exam_sessions')
        .select(['id', 'exam_id', 'status', 'started_at', 'deadline_at', 'iq_score'])
        .where('id', 'in', ids)
        .execute();
    },
    findSession(id: string) {
      return db.selectFrom('exam_sessions').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
    },
  };
}
export type ExamRecords = ReturnType<typeof examRecords>;
