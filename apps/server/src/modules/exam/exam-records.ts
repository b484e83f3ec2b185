import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { examRepository } from './exam-repository';

/**
 * The exam module's reads for the personal centre (modules/accounts): orders and sessions by the keys that
 * module holds. Read-only; the exam module owns these tables and their SQL.
 */
export function examRecords(db: Kysely<Database>) {
  const repo = examRepository(db);
  return {
    findOrder: (orderNumber: string) => repo.accountOrder(orderNumber),
    paidOrdersByEmail: (email: string) => repo.paidOrdersByEmail(email),
    ordersOfSessions: (sessionIds: string[]) => repo.ordersOfSessions(sessionIds),
    sessions: (ids: string[]) => repo.sessionSummaries(ids),
    async findSession(id: string) {
      const s = await repo.findSession(id);
      return s ? { id: s.id, status: s.status } : undefined;
    },
  };
}
export type ExamRecords = ReturnType<typeof examRecords>;
