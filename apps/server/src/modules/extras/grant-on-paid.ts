import type { PaidReaction } from '../payments/paid-transition';
import { giftUrl } from './gift-url';
import { grantExtra } from './grant-extra';

/**
 * The extras module's reaction to an extra's payment (decision 0017): what it bought (report parts, a gift
 * code, VIP) is given in the same transaction that marks the payment succeeded, and its receipt says so.
 */
export function grantExtraOnPaid(d: { publicUrl: string }): PaidReaction<'extraPaid'> {
  return {
    async inTransaction(e, repos) {
      const g = await grantExtra(repos.extras, e.payment, e.order.exam_id, e.now);
      return {
        giftUrl: g.giftCode ? giftUrl(d.publicUrl, e.order.exam_id, g.giftCode, e.payment.locale) : null,
        vipUntil: g.vipUntil,
      };
    },
  };
}
