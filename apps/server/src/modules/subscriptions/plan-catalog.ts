import {
  isWholeUnitCurrency,
  type Locale,
  periodDays,
  type TPlan,
  type TPlanId,
  type TPlanList,
  type TSkuId,
} from '@mindgauge/contract';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { parseJsonColumn } from '../../db/json-column';
import type { Database } from '../../db/schema';
import type { Translator } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { TtlCache } from '../../lib/ttl-cache';
import { priceTableOf } from '../checkout/pricing';
import type { SubscriptionRepository } from './subscription-repository';

export type PlanRow = Selectable<Database['plans']>;
export type PlanPriceRow = Database['plan_prices'];

/** The order a plan list is shown for: it keeps the plan prices it was first shown (decision 0038). */
export interface PlanOrder {
  order_number: string;
  exam_id: number;
}

export interface PricedPlan {
  plan: PlanRow;
  price: PlanPriceRow;
}

/** The plans and their prices per country: what the plans section shows and the plan checkout charges. */
export function planCatalog(d: {
  repo: Pick<
    SubscriptionRepository,
    | 'activePlans'
    | 'planPrices'
    | 'allPlanPrices'
    | 'planPrice'
    | 'setPlanPrice'
    | 'orderPlanPrices'
    | 'keepOrderPlanPrices'
  >;
  translator: Translator;
  cache: TtlCache;
  clock: Clock;
}) {
  const plans = (examId: number) => d.cache.get(`plans:${examId}`, () => d.repo.activePlans(examId));

  async function prices(examId: number, country: string): Promise<{ country: string; rows: PlanPriceRow[] }> {
    return d.cache.get(`plan-prices:${examId}:${country}`, () =>
      priceTableOf(country, (c) => d.repo.planPrices(examId, c)),
    );
  }

  /**
   * The plan prices an order is shown, pays and starts its subscription at (decision 0038): the first time
   * its plans are shown for a country's table, that table is copied to the order; from then on the order
   * reads its copy, so an operator's change applies to new orders only. Concurrent first views copy once.
   */
  async function orderTable(examId: number, country: string, order: PlanOrder) {
    const live = await prices(examId, country);
    const kept = await d.repo.orderPlanPrices(order.order_number, live.country);
    if (kept.length > 0) return { country: live.country, rows: kept.map((r) => ({ ...r, exam_id: examId })) };
    const now = d.clock.now();
    await d.repo.keepOrderPlanPrices(
      live.rows.map((r) => ({
        order_number: order.order_number,
        country: live.country,
        plan_id: r.plan_id,
        currency: r.currency,
        amount_minor: r.amount_minor,
        trial_amount_minor: r.trial_amount_minor,
        created_at: now,
      })),
    );
    const rows = await d.repo.orderPlanPrices(order.order_number, live.country);
    return { country: live.country, rows: rows.map((r) => ({ ...r, exam_id: examId })) };
  }

  async function priced(examId: number, country: string, order?: PlanOrder) {
    // Only the order's own test keeps a copy: another test's plans asked with this order are priced live.
    const [rows, table] = await Promise.all([
      plans(examId),
      order?.exam_id === examId ? orderTable(examId, country, order) : prices(examId, country),
    ]);
    const byId = new Map(table.rows.map((r) => [r.plan_id, r]));
    const items: PricedPlan[] = rows.flatMap((plan) => {
      const r = byId.get(plan.plan_id);
      if (!r) return [];
      const price: PlanPriceRow = {
        exam_id: examId,
        plan_id: r.plan_id,
        country: r.country,
        currency: r.currency,
        amount_minor: r.amount_minor,
        trial_amount_minor: r.trial_amount_minor,
      };
      return [{ plan, price }];
    });
    return { country: table.country, currency: table.rows[0]?.currency ?? 'USD', items };
  }

  function present({ plan, price }: PricedPlan, locale: Locale): TPlan {
    const t = (k: string) => d.translator.t(locale, k);
    const features = parseJsonColumn(z.array(z.string()), 'plans.features', plan.features);
    const trial = plan.trial_days > 0 ? price.trial_amount_minor : null;
    return {
      planId: plan.plan_id as TPlanId,
      title: t(`catalog:plans.${plan.plan_id}.title`),
      interval: plan.billing_interval,
      intervalCount: plan.interval_count,
      trialDays: trial === null ? 0 : plan.trial_days,
      includesSkuId: plan.includes_sku_id as TSkuId,
      features: features.map((id) => ({
        logoId: id,
        name: t(`catalog:planFeatures.${id}.name`),
        content: t(`catalog:planFeatures.${id}.content`),
      })),
      price: {
        currency: price.currency,
        amount: price.amount_minor,
        trialAmount: trial,
        todayAmount: trial ?? price.amount_minor,
        perDay: Math.round(price.amount_minor / periodDays(plan.billing_interval, plan.interval_count)),
      },
    };
  }

  return {
    priced,
    present,

    /** One plan priced for a country (and an order's kept prices); 404 when the exam has no such plan. */
    async plan(examId: number, planId: TPlanId, country: string, order?: PlanOrder) {
      const p = await priced(examId, country, order);
      const item = p.items.find((i) => i.plan.plan_id === planId);
      if (!item) throw new AppError('PLAN_NOT_FOUND');
      return { country: p.country, item };
    },

    /** One plan priced for a country, as shown in a language (what payments sells). */
    async quote(examId: number, planId: TPlanId, country: string, locale: Locale, order?: PlanOrder) {
      const p = await priced(examId, country, order);
      const item = p.items.find((i) => i.plan.plan_id === planId);
      if (!item) throw new AppError('PLAN_NOT_FOUND');
      return { country: p.country, plan: present(item, locale) };
    },

    async list(
      examId: number,
      country: string,
      locale: Locale,
      methods: TPlanList['methods'],
      order?: PlanOrder,
    ): Promise<TPlanList> {
      const p = await priced(examId, country, order);
      return { country: p.country, currency: p.currency, methods, plans: p.items.map((i) => present(i, locale)) };
    },

    /** Every plan price of every exam (the operator's catalogue). */
    allPrices: () => d.repo.allPlanPrices(),

    /**
     * Sets one plan's recurring and trial price for a country, in the table's currency (issue 21). New orders
     * only: an order keeps the plan prices it was shown, a started subscription keeps its amount. Whether a
     * plan has a trial is its terms, not its price, so a trial price is given exactly when the row has one.
     */
    async setPrice(p: { examId: number; planId: string; country: string; amount: number; trial: number | null }) {
      const before = await d.repo.planPrice(p.examId, p.planId, p.country);
      if (!before) throw new AppError('PRICE_NOT_FOUND');
      if ((before.trial_amount_minor === null) !== (p.trial === null)) throw new AppError('PLAN_TRIAL_FIXED');
      const whole = (n: number | null) => n === null || n % 100 === 0;
      if (isWholeUnitCurrency(before.currency) && !(whole(p.amount) && whole(p.trial))) {
        throw new AppError('PRICE_MINOR_UNITS');
      }
      if (p.trial !== null && p.trial > p.amount) throw new AppError('TRIAL_ABOVE_PRICE');
      await d.repo.setPlanPrice(p);
      // This instance's plan tables read the change at once; other instances when their copy expires.
      d.cache.clear();
      return { before, after: (await d.repo.planPrice(p.examId, p.planId, p.country)) as PlanPriceRow };
    },
  };
}
export type PlanCatalog = ReturnType<typeof planCatalog>;
