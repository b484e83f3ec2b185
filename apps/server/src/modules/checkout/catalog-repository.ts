import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';

export type SkuRow = Selectable<Database['skus']>;
export type SkuPriceRow = Database['sku_prices'];
export type PromoRow = Selectable<Database['promo_codes']>;

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
