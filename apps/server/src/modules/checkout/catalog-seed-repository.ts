import { DEFAULT_EXAM_ID } from '@mindgauge/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { COUNTRY_CURRENCY, DEMO_PROMO_CODES, PRICE_TABLES, SKU_DEFINITIONS } from './catalog-definitions';

const toMinor = (major: number) => Math.round(major * 100);

/**
 * Seeds the report tiers, their price tables, and the demo promo codes (marked demo). Tiers
 * follow the code; prices and promo codes are only inserted when absent, so an operator's edits
 * survive restarts.
 */
export async function seedCatalog(db: Kysely<Database>, now: number): Promise<void> {
  const examId = DEFAULT_EXAM_ID;
  await db.transaction().execute(async (trx) => {
    for (const s of SKU_DEFINITIONS) {
      const row = {
        tier: s.tier,
        recommended: s.recommended ? 1 : 0,
        features: JSON.stringify(s.features),
        entitlements: JSON.stringify(s.entitlements),
      };
      await trx
        .insertInto('skus')
        .values({ exam_id: examId, sku_id: s.skuId, active: 1, ...row })
        .onConflict((oc) => oc.columns(['exam_id', 'sku_id']).doUpdateSet(row))
        .execute();
    }
    const prices = Object.entries(COUNTRY_CURRENCY).flatMap(([country, currency]) =>
      SKU_DEFINITIONS.map((s, i) => {
        const [list, offer] = PRICE_TABLES[currency]?.[i] ?? [0, 0];
        return {
          exam_id: examId,
          sku_id: s.skuId,
          country,
          currency,
          list_minor: toMinor(list),
          offer_minor: toMinor(offer),
        };
      }),
    );
    await trx
      .insertInto('sku_prices')
      .values(prices)
      .onConflict((oc) => oc.columns(['exam_id', 'sku_id', 'country']).doNothing())
      .execute();
    for (const p of DEMO_PROMO_CODES) {
      await trx
        .insertInto('promo_codes')
        .values({ ...p, starts_at: null, max_redemptions: null, active: 1, demo: 1, created_at: now })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
    }
  });
}
