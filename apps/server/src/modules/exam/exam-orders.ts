import type { ExamRepository, OrderRow, SessionRow } from './exam-repository';

/**
 * An order as the exam module hands it to other modules (it owns `exam_orders`, decision 0016). Still the
 * row's shape today; other modules name it through this type only, so the row can change behind it.
 */
export type Order = OrderRow;
/** A test session as other modules read it (a report is built on its result). */
export type Session = SessionRow;

/** The operations on orders and sessions that other modules (checkout, payments, extras, report…) may ask for. */
export type ExamOrders = Pick<
  ExamRepository,
  | 'findOrder'
  | 'findSession'
  | 'completionCounts'
  | 'recentCompletions'
  | 'listAnswers'
  | 'startOffer'
  | 'setCheckoutEmail'
  | 'entitlements'
  | 'hasPaidSku'
  | 'paidOrdersOf'
  | 'pendingOrdersOf'
  | 'issueCertificate'
  | 'nameCertificate'
  | 'findPaidByCertificate'
  | 'proveEmail'
  | 'provenEmail'
  | 'searchOrders'
  | 'markOrderRefunded'
  | 'funnelCounts'
>;

/** The exam module's order service for other modules, from its repository: only these operations leave it. */
export function examOrders(repo: ExamRepository): ExamOrders {
  return {
    findOrder: (orderNumber) => repo.findOrder(orderNumber),
    findSession: (sessionId) => repo.findSession(sessionId),
    completionCounts: (...args) => repo.completionCounts(...args),
    recentCompletions: (...args) => repo.recentCompletions(...args),
    listAnswers: (...args) => repo.listAnswers(...args),
    startOffer: (...args) => repo.startOffer(...args),
    setCheckoutEmail: (...args) => repo.setCheckoutEmail(...args),
    entitlements: (...args) => repo.entitlements(...args),
    hasPaidSku: (...args) => repo.hasPaidSku(...args),
    paidOrdersOf: (...args) => repo.paidOrdersOf(...args),
    pendingOrdersOf: (...args) => repo.pendingOrdersOf(...args),
    issueCertificate: (...args) => repo.issueCertificate(...args),
    nameCertificate: (...args) => repo.nameCertificate(...args),
    findPaidByCertificate: (...args) => repo.findPaidByCertificate(...args),
    proveEmail: (...args) => repo.proveEmail(...args),
    provenEmail: (...args) => repo.provenEmail(...args),
    searchOrders: (...args) => repo.searchOrders(...args),
    markOrderRefunded: (...args) => repo.markOrderRefunded(...args),
    funnelCounts: (...args) => repo.funnelCounts(...args),
  };
}
