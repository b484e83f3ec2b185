import { DEFAULT_EXAM_ID, LOCALES } from '@mindgauge/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Translator } from '../../i18n/translator';
import { COUNTRY_CURRENCY, DEMO_PROMO_CODES, DEMO_REVIEWS, PRICE_TABLES, SKU_DEFINITIONS } from './catalog-definitions';

const toMinor = (major: number) => Math.round(major * 100);

/**
 * Seeds the report tiers, their price tables, and the demo promo codes and reviews (marked demo). Tiers
 * follow the code; prices, promo codes and reviews are only inserted when absent, so an operator's edits
 * survive restarts.
 */
export async function seedCatalog(db: Kysely<Database>, translator: Translator, now: number): Promise<void> {
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
    const seeded = await trx
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('demo', '=', 1)
      .executeTakeFirstOrThrow();
    if (Number(seeded.n) === 0) {
      await trx
        .insertInto('reviews')
        .values(
          LOCALES.flatMap((locale) =>
            DEMO_REVIEWS.map((r, i) => ({
              exam_id: examId,
              order_number: null,
              name: r.name,
              country: r.country,
              locale,
              rating: r.rating,
              content: translator.t(locale, `catalog:demoReviews.${r.key}`),
              status: 'approved' as const,
              demo: 1,
              created_at: now - (i + 1) * 86_400_000,
            })),
          ),
        )
        .execute();
    }
  });
}
