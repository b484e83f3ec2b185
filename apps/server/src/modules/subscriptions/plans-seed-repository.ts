import { DEFAULT_EXAM_ID } from '@mindgauge/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { COUNTRY_CURRENCY } from '../checkout/catalog-definitions';
import { PLAN_DEFINITIONS, PLAN_PRICE_TABLES } from './plan-definitions';

const toMinor = (major: number) => Math.round(major * 100);

/**
 * Seeds the plans and their prices for every country with a price table. Plans follow the code; prices are
 * only inserted when absent, so an operator's edits (a different trial price, say) survive restarts.
 */
export async function seedPlans(db: Kysely<Database>): Promise<void> {
  const examId = DEFAULT_EXAM_ID;
  await db.transaction().execute(async (trx) => {
    for (const p of PLAN_DEFINITIONS) {
      const row = {
        billing_interval: p.interval,
        interval_count: p.intervalCount,
        trial_days: p.trialDays,
        includes_sku_id: p.includesSkuId,
        features: JSON.stringify(p.features),
        sort: p.sort,
      };
      await trx
        .insertInto('plans')
        .values({ exam_id: examId, plan_id: p.planId, active: 1, ...row })
        .onConflict((oc) => oc.columns(['exam_id', 'plan_id']).doUpdateSet(row))
        .execute();
    }
    const prices = Object.entries(COUNTRY_CURRENCY).flatMap(([country, currency]) => {
      const table = PLAN_PRICE_TABLES[currency];
      if (!table) return [];
      return PLAN_DEFINITIONS.map((p) => ({
        exam_id: examId,
        plan_id: p.planId,
        country,
        currency,
        amount_minor: toMinor(p.planId === 'weekly' ? table.weekly[0] : table[p.planId]),
        trial_amount_minor: p.trialDays > 0 && p.planId === 'weekly' ? toMinor(table.weekly[1]) : null,
      }));
    });
    await trx
      .insertInto('plan_prices')
      .values(prices)
      .onConflict((oc) => oc.columns(['exam_id', 'plan_id', 'country']).doNothing())
      .execute();
  });
}
