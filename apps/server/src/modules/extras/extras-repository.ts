import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type GiftRow = Database['gift_codes'];
export type PackagePriceRow = Database['package_prices'];

/** Every SQL statement of the extras: their prices, report parts bought, gift codes and VIP memberships. */
export function extrasRepository(db: Kysely<Database>) {
  return {
    packagePrices(examId: number, country: string): Promise<PackagePriceRow[]> {
      return db
        .selectFrom('package_prices')
        .selectAll()
        .where('exam_id', '=', examId)
        .where('country', '=', country)
        .execute();
    },
    /** The address's running VIP membership: from its first start to its last end, if any runs now. */
    /** The running VIP membership of a proven address, or of an order (one it bought itself), or of either. */
    async activeVip(
      email: string | null,
      orderNumber: string | null,
      now: number,
    ): Promise<{ since: number; until: number } | undefined> {
      if (!email && !orderNumber) return undefined;
      const r = await db
        .selectFrom('vip_memberships')
        .select((eb) => [eb.fn.min('starts_at').as('since'), eb.fn.max('ends_at').as('until')])
        .where((eb) =>
          eb.or([
            ...(email ? [eb('email', '=', email)] : []),
            ...(orderNumber ? [eb('order_number', '=', orderNumber)] : []),
          ]),
        )
        .where('ends_at', '>', now)
        .executeTakeFirst();
      return r?.until ? { since: Number(r.since), until: Number(r.until) } : undefined;
    },
    /** Every membership bought with an address (for the account's data export). */
    vipMembershipsOf(email: string) {
      return db
        .selectFrom('vip_memberships')
        .select(['order_number', 'starts_at', 'ends_at', 'created_at'])
        .where('email', '=', email)
        .execute();
    },
    giftsFrom(orderNumber: string): Promise<GiftRow[]> {
      return db
        .selectFrom('gift_codes')
        .selectAll()
        .where('from_order_number', '=', orderNumber)
        .orderBy('created_at')
        .execute();
    },
    findGift(code: string): Promise<GiftRow | undefined> {
      return db.selectFrom('gift_codes').selectAll().where('code', '=', code).executeTakeFirst();
    },
    /** Claims an unredeemed gift for an order; false when another order (or request) claimed it first. */
    async claimGift(code: string, orderNumber: string, now: number): Promise<boolean> {
      const res = await db
        .updateTable('gift_codes')
        .set({ redeemed_order_number: orderNumber, redeemed_at: now })
        .where('code', '=', code)
        .where('redeemed_order_number', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Report parts bought for an order; a replay of the same payment adds nothing. */
    async grantEntitlements(orderNumber: string, entitlements: string[], paymentId: string, now: number) {
      await db
        .insertInto('order_entitlements')
        .values(
          entitlements.map((entitlement) => ({
            order_number: orderNumber,
            entitlement,
            payment_id: paymentId,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['order_number', 'entitlement']).doNothing())
        .execute();
    },
    /** A gift code bought by a payment: made once, the same code on a replay. */
    async giftFor(row: GiftRow): Promise<string> {
      await db
        .insertInto('gift_codes')
        .values(row)
        .onConflict((oc) => oc.column('payment_id').doNothing())
        .execute();
      const gift = await db
        .selectFrom('gift_codes')
        .select('code')
        .where('payment_id', '=', row.payment_id)
        .executeTakeFirstOrThrow();
      return gift.code;
    },
    /** When the address's memberships (other than this payment's) end, or 0. */
    async vipEndsAt(email: string, exceptPaymentId: string): Promise<number> {
      const running = await db
        .selectFrom('vip_memberships')
        .select((eb) => eb.fn.max('ends_at').as('until'))
        .where('email', '=', email)
        .where('payment_id', '!=', exceptPaymentId)
        .executeTakeFirst();
      return Number(running?.until ?? 0);
    },
    /** A membership bought by a payment: made once; returns its end. */
    async vipFor(row: Database['vip_memberships']): Promise<number> {
      await db
        .insertInto('vip_memberships')
        .values(row)
        .onConflict((oc) => oc.column('payment_id').doNothing())
        .execute();
      const vip = await db
        .selectFrom('vip_memberships')
        .select('ends_at')
        .where('payment_id', '=', row.payment_id)
        .executeTakeFirstOrThrow();
      return vip.ends_at;
    },
  };
}
export type ExtrasRepository = ReturnType<typeof extrasRepository>;
