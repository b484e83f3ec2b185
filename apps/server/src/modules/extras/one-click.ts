import type { Order as OrderRow } from '../exam/exam-orders';
import type { ReportAccess } from '../exam/report-access';

/**
 * Whether the kept method may be charged with one click (decision 0018): only in the browser that took the
 * test and paid (its cookie). A report link can be forwarded, so its holder goes through the processor's
 * own payment step instead, where the payer confirms with the card or PayPal account.
 */
export const oneClick = (order: OrderRow, a: ReportAccess) =>
  a.sessionId !== undefined && a.sessionId === order.session_id;
