import type { Locale } from '@mindgauge/contract';
import { AppError } from '../../lib/app-error';
import type { ReportAccess } from '../exam/report-access';
import type { ExtrasAccess, ExtrasDeps } from './extras-service';
import { giftUrl } from './gift-url';

const iso = (ms: number) => new Date(ms).toISOString();

/** Gift codes are secrets worth guessing: redemption is limited per client. */
export const GIFT_RULES = { name: 'gift:ip', max: 20, windowMs: 3_600_000 };

/** The gifts an order has given, with their links and whether each was redeemed: for the order's reader. */
export async function presenterList(
  d: ExtrasDeps,
  access: ExtrasAccess,
  orderNumber: string,
  a: ReportAccess,
  hl: Locale,
) {
  const { order } = await access(orderNumber, a);
  const rows = await d.repo.giftsFrom(order.order_number);
  return {
    gifts: rows.map((g) => ({
      code: g.code,
      url: giftUrl(d.publicUrl, g.exam_id, g.code, hl),
      redeemed: g.redeemed_order_number !== null,
      createdAt: iso(g.created_at),
    })),
  };
}

/**
 * Redeems a gift on the recipient's own finished test: their order becomes paid at the gift's tier (no
 * charge), with its report e-mail, once. The same order redeeming again gets the same answer.
 */
export async function redeemGift(d: ExtrasDeps, orderNumber: string, code: string, a: ReportAccess, ip: string) {
  const now = d.clock.now();
  await d.limits.consume(GIFT_RULES, ip, now);
  const gift = await d.repo.findGift(code);
  if (!gift) throw new AppError('GIFT_CODE_INVALID');
  const order = await d.exams.findOrder(orderNumber);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  // Only on the recipient's own test (its browser): an order number alone changes nothing (issue 13).
  if (a.sessionId === undefined || a.sessionId !== order.session_id) throw new AppError('ORDER_ACCESS_DENIED');
  if (gift.redeemed_order_number === order.order_number) {
    return { orderNumber, status: order.status, skuId: gift.sku_id as 'sku2' };
  }
  if (gift.redeemed_order_number !== null) throw new AppError('GIFT_CODE_USED');
  if (order.status !== 'pending_payment') throw new AppError('ORDER_ALREADY_PAID');
  if (gift.from_order_number === order.order_number || gift.exam_id !== order.exam_id) {
    throw new AppError('GIFT_CODE_INVALID');
  }
  const done = await d.transact(async (repos) => {
    if (!(await repos.extras.claimGift(code, order.order_number, now))) return false;
    if (!(await repos.exams.markPaidByGift(order.order_number, gift.sku_id, now))) {
      throw new AppError('ORDER_ALREADY_PAID');
    }
    if (order.email) {
      const locale = (order.locale as Locale) ?? 'en';
      await repos.mail.enqueue(
        {
          template: 'giftRedeemed',
          locale,
          to: order.email,
          dedupeKey: `report-ready:${order.order_number}`,
          payload: {
            orderNumber: order.order_number,
            skuId: gift.sku_id,
            examId: order.exam_id,
            reportUrl: d.links.forOrder(order, locale),
            expiresInDays: d.links.days,
          },
        },
        now,
        d.mailDomain,
      );
    }
    return true;
  });
  if (!done) throw new AppError('GIFT_CODE_USED');
  d.kickMail();
  return { orderNumber, status: 'paid' as const, skuId: gift.sku_id as 'sku2' };
}
