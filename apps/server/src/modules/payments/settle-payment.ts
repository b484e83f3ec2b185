import type { TransactionRepositories } from '../../db/repositories';
import type { PaymentRow } from './payment-repository';

/**
 * The paid transition, inside the caller's transaction: the payment succeeds (once) and the order becomes
 * paid (once). Returns whether this call made the order paid; false when it was already paid, by this
 * payment (a replay) or by another one (then this payment is marked for a refund).
 */
export async function settleInTransaction(
  repos: Pick<TransactionRepositories, 'payments' | 'exams' | 'catalog'>,
  p: PaymentRow,
  now: number,
): Promise<boolean> {
  await repos.payments.markSucceeded(p.id, now);
  const paid = await repos.exams.markPaid(p.order_number, { ...p, paymentId: p.id }, now);
  if (paid) {
    if (p.promo_code) await repos.catalog.countPromoRedemption(p.promo_code);
    return true;
  }
  // Paid already: by this payment (a replay, nothing to do) or by another one (this one is given back).
  const order = await repos.exams.findOrder(p.order_number);
  if (order?.paid_payment_id !== p.id) await repos.payments.markRefundPending(p.id, now);
  return false;
}
