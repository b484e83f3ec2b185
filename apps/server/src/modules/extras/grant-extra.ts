import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { publicId } from '../../lib/ids';
import { GIFT_SKU, packageDefinition, VIP_DAYS } from './package-definitions';

/** What a settled extra gives, for the receipt. */
export interface Granted {
  giftCode: string | null;
  vipUntil: number | null;
}

/**
 * Gives what an extra's payment bought, inside the transaction that marks the payment succeeded: report
 * parts on the order, a gift code, or the VIP membership. Keyed by the payment (unique), so a replay grants
 * nothing twice.
 */
export async function grantExtra(
  trx: Transaction<Database>,
  p: { id: string; order_number: string; package_id: string | null; email: string },
  examId: number,
  now: number,
): Promise<Granted> {
  const def = p.package_id ? packageDefinition(p.package_id) : undefined;
  if (!def) throw new Error(`payment ${p.id} buys no known extra`);
  if (def.unlocks.length > 0) {
    await trx
      .insertInto('order_entitlements')
      .values(
        def.unlocks.map((entitlement) => ({
          order_number: p.order_number,
          entitlement,
          payment_id: p.id,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['order_number', 'entitlement']).doNothing())
      .execute();
  }
  if (def.grants === 'gift') {
    await trx
      .insertInto('gift_codes')
      .values({
        code: publicId(),
        exam_id: examId,
        sku_id: GIFT_SKU,
        from_order_number: p.order_number,
        payment_id: p.id,
        redeemed_order_number: null,
        redeemed_at: null,
        created_at: now,
      })
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .execute();
    const gift = await trx
      .selectFrom('gift_codes')
      .select('code')
      .where('payment_id', '=', p.id)
      .executeTakeFirstOrThrow();
    return { giftCode: gift.code, vipUntil: null };
  }
  if (def.grants === 'vip') {
    // A second membership extends the first: it starts when the running one ends.
    const running = await trx
      .selectFrom('vip_memberships')
      .select((eb) => eb.fn.max('ends_at').as('until'))
      .where('email', '=', p.email)
      .where('payment_id', '!=', p.id)
      .executeTakeFirst();
    const starts = Math.max(now, Number(running?.until ?? 0));
    await trx
      .insertInto('vip_memberships')
      .values({
        id: publicId(),
        email: p.email,
        order_number: p.order_number,
        payment_id: p.id,
        starts_at: starts,
        ends_at: starts + VIP_DAYS * 86_400_000,
        created_at: now,
      })
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .execute();
    const vip = await trx
      .selectFrom('vip_memberships')
      .select('ends_at')
      .where('payment_id', '=', p.id)
      .executeTakeFirstOrThrow();
    return { giftCode: null, vipUntil: vip.ends_at };
  }
  return { giftCode: null, vipUntil: null };
}
