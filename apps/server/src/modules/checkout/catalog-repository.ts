import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';

export type SkuRow = Selectable<Database['skus']>;
export type SkuPriceRow = Database['sku_prices'];
export type PromoRow = Selectable<Database['promo_codes']>;
export type OrderPriceRow = Database['order_prices'];

/** Every SQL statement of the catalogue: tiers, prices, promo codes (reviews: the reviews module). */
export function catalogRepository(db: Kysely<Database>) {
  return {
    skus(examId: number): Promise<SkuRow[]> {
      return db
        .selectFrom('skus')
        .selectAll()
        .where('exam_id', '=', examId)
        .where('active', '=', 1)
        .orderBy('tier')
        .execute();
    },
    prices(examId: number, country: string): Promise<SkuPriceRow[]> {
      return db
        .selectFrom('sku_prices')
        .selectAll()
        .where('exam_id', '=', examId)
        .where('country', '=', country)
        .execute();
    },
    countries(): Promise<{ country: string; currency: string }[]> {
      return db.selectFrom('sku_prices').select(['country', 'currency']).distinct().orderBy('country').execute();
    },
    /** Every tier price of an exam (the operator's list), by country then tier. */
    allPrices(examId: number): Promise<SkuPriceRow[]> {
      return db
        .selectFrom('sku_prices')
        .selectAll()
        .where('exam_id', '=', examId)
        .orderBy('country')
        .orderBy('sku_id')
        .execute();
    },
    price(examId: number, skuId: string, country: string): Promise<SkuPriceRow | undefined> {
      return db
        .selectFrom('sku_prices')
        .selectAll()
        .where('exam_id', '=', examId)
        .where('sku_id', '=', skuId)
        .where('country', '=', country)
        .executeTakeFirst();
    },
    /** Sets one tier's prices for a country (the currency stays the table's). */
    async setPrice(p: { examId: number; skuId: string; country: string; list: number; offer: number }) {
      await db
        .updateTable('sku_prices')
        .set({ list_minor: p.list, offer_minor: p.offer })
        .where('exam_id', '=', p.examId)
        .where('sku_id', '=', p.skuId)
        .where('country', '=', p.country)
        .execute();
    },
    /** The tier prices an order was shown for a price table's country; none before it was first shown. */
    orderPrices(orderNumber: string, country: string): Promise<OrderPriceRow[]> {
      return db
        .selectFrom('order_prices')
        .selectAll()
        .where('order_number', '=', orderNumber)
        .where('country', '=', country)
        .execute();
    },
    /** Keeps the prices an order is shown; the first copy wins (a concurrent second copy adds nothing). */
    async keepOrderPrices(rows: OrderPriceRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('order_prices')
        .values(rows)
        .onConflict((oc) => oc.columns(['order_number', 'country', 'sku_id']).doNothing())
        .execute();
    },
    async setting(name: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('catalogue_settings')
        .select('int_value')
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.int_value;
    },
    async setSetting(name: string, value: number, now: number): Promise<void> {
      await db
        .insertInto('catalogue_settings')
        .values({ name, int_value: value, updated_at: now })
        .onConflict((oc) => oc.column('name').doUpdateSet({ int_value: value, updated_at: now }))
        .execute();
    },
    promo(code: string): Promise<PromoRow | undefined> {
      return db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
    },
    /** Every promo code, newest first (the operator's list). */
    allPromos(): Promise<PromoRow[]> {
      return db.selectFrom('promo_codes').selectAll().orderBy('created_at', 'desc').orderBy('code').execute();
    },
    /** Adds a code; false when the code exists already. */
    async insertPromo(row: Omit<PromoRow, 'redemptions'>): Promise<boolean> {
      const res = await db
        .insertInto('promo_codes')
        .values(row)
        .onConflict((oc) => oc.column('code').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    /** Ends a code now: it stops working at once; orders already paid keep their price. */
    async expirePromo(code: string, now: number): Promise<void> {
      await db
        .updateTable('promo_codes')
        .set({ expires_at: now })
        .where('code', '=', code)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .execute();
    },
    /** Counts one use of a promo code (inside the paid transition). */
    async countPromoRedemption(code: string): Promise<void> {
      await db
        .updateTable('promo_codes')
        .set((eb) => ({ redemptions: eb('redemptions', '+', 1) }))
        .where('code', '=', code)
        .execute();
    },
  };
}
export type CatalogRepository = ReturnType<typeof catalogRepository>;
