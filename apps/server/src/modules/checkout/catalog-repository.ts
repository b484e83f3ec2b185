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
