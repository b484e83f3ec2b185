import { publicId } from '../../lib/ids';
import type { ExtrasRepository } from './extras-repository';
import { GIFT_SKU, packageDefinition, VIP_DAYS } from './package-definitions';

/** What a settled extra gives, for the receipt. */
export interface Granted {
  giftCode: string | null;
  vipUntil: number | null;
}

/**
 * Gives what an extra's payment bought, inside the transaction that marks the payment succeeded (the
 * repository is bound to it): report parts on the order, a gift code, or the VIP membership. Keyed by the
 * payment (unique), so a replay grants nothing twice.
 */
export async function grantExtra(
  extras: ExtrasRepository,
  p: { id: string; order_number: string; package_id: string | null; email: string },
  examId: number,
  now: number,
): Promise<Granted> {
  const def = p.package_id ? packageDefinition(p.package_id) : undefined;
  if (!def) throw new Error(`payment ${p.id} buys no known extra`);
  if (def.unlocks.length > 0) await extras.grantEntitlements(p.order_number, def.unlocks, p.id, now);
  if (def.grants === 'gift') {
    const giftCode = await extras.giftFor({
      code: publicId(),
      exam_id: examId,
      sku_id: GIFT_SKU,
      from_order_number: p.order_number,
      payment_id: p.id,
      redeemed_order_number: null,
      redeemed_at: null,
      created_at: now,
    });
    return { giftCode, vipUntil: null };
  }
  if (def.grants === 'vip') {
    // A second membership extends the first: it starts when the running one ends.
    const starts = Math.max(now, await extras.vipEndsAt(p.email, p.id));
    const vipUntil = await extras.vipFor({
      id: publicId(),
      email: p.email,
      order_number: p.order_number,
      payment_id: p.id,
      starts_at: starts,
      ends_at: starts + VIP_DAYS * 86_400_000,
      created_at: now,
    });
    return { giftCode: null, vipUntil };
  }
  return { giftCode: null, vipUntil: null };
}
