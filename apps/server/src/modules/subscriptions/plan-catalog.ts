import { type Locale, periodDays, type TPlan, type TPlanId, type TPlanList, type TSkuId } from '@mindgauge/contract';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { parseJsonColumn } from '../../db/json-column';
import type { Database } from '../../db/schema';
import type { Translator } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import type { TtlCache } from '../../lib/ttl-cache';
import { priceTableOf } from '../checkout/pricing';
import type { SubscriptionRepository } from './subscription-repository';

export type PlanRow = Selectable<Database['plans']>;
export type PlanPriceRow = Database['plan_prices'];

export interface PricedPlan {
  plan: PlanRow;
  price: PlanPriceRow;
}

/** The plans and their prices per country: what the plans section shows and the plan checkout charges. */
export function planCatalog(d: {
  repo: Pick<SubscriptionRepository, 'activePlans' | 'planPrices'>;
  translator: Translator;
  cache: TtlCache;
}) {
  const plans = (examId: number) => d.cache.get(`plans:${examId}`, () => d.repo.activePlans(examId));

  async function prices(examId: number, country: string): Promise<{ country: string; rows: PlanPriceRow[] }> {
    return d.cache.get(`plan-prices:${examId}:${country}`, () =>
      priceTableOf(country, (c) => d.repo.planPrices(examId, c)),
    );
  }

  async function priced(examId: number, country: string) {
    const [rows, table] = await Promise.all([plans(examId), prices(examId, country)]);
    const byId = new Map(table.rows.map((r) => [r.plan_id, r]));
    const items: PricedPlan[] = rows.flatMap((plan) => {
      const price = byId.get(plan.plan_id);
      return price ? [{ plan, price }] : [];
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

    /** One plan priced for a country; 404 when the exam has no such plan. */
    async plan(examId: number, planId: TPlanId, country: string) {
      const p = await priced(examId, country);
      const item = p.items.find((i) => i.plan.plan_id === planId);
      if (!item) throw new AppError('PLAN_NOT_FOUND');
      return { country: p.country, item };
    },

    /** One plan priced for a country, as shown in a language (what payments sells). */
    async quote(examId: number, planId: TPlanId, country: string, locale: Locale) {
      const p = await priced(examId, country);
      const item = p.items.find((i) => i.plan.plan_id === planId);
      if (!item) throw new AppError('PLAN_NOT_FOUND');
      return { country: p.country, plan: present(item, locale) };
    },

    async list(examId: number, country: string, locale: Locale, methods: TPlanList['methods']): Promise<TPlanList> {
      const p = await priced(examId, country);
      return { country: p.country, currency: p.currency, methods, plans: p.items.map((i) => present(i, locale)) };
    },
  };
}
export type PlanCatalog = ReturnType<typeof planCatalog>;
