import { DEFAULT_EXAM_ID, PERSONALITY_EXAM_ID } from '@mindgauge/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  COUNTRY_CURRENCY,
  DEMO_PROMO_CODES,
  PERSONALITY_SKU_DEFINITIONS,
  PRICE_TABLES,
  SKU_DEFINITIONS,
  type SkuDefinition,
} from './catalog-definitions';

const toMinor = (major: number) => Math.round(major * 100);

/**
 * Seeds the report tiers, their price tables, and the demo promo codes (marked demo). Tiers
 * follow the code; prices and promo codes are only inserted when absent, so an operator's edits
 * survive restarts.
 */
export async function seedCatalog(db: Kysely<Database>, now: number): Promise<void> {
  await seedTiers(db, DEFAULT_EXAM_ID, SKU_DEFINITIONS);
  // The personality report's own tiers (exam 1800), priced from the same tables (decision 0030).
  await seedTiers(db, PERSONALITY_EXAM_ID, PERSONALITY_SKU_DEFINITIONS);
  await db.transaction().execute(async (trx) => {
    for (const p of DEMO_PROMO_CODES) {
      await trx
        .insertInto('promo_codes')
        .values({ ...p, starts_at: null, max_redemptions: null, active: 1, demo: 1, created_at: now })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
    }
  });
}

async function seedTiers(db: Kysely<Database>, examId: number, definitions: SkuDefinition[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const s of definitions) {
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
      definitions.map((s, i) => {
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
  });
}
