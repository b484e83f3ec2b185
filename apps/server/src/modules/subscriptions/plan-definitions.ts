import type { TBillingInterval, TPlanId, TSkuId } from '@mindgauge/contract';

/**
 * The plans as shipped. Titles and feature texts come from the `catalog` locale namespace; prices live in
 * the database (plan_prices), seeded from the table below and editable by the operator, like the tiers'.
 */
export interface PlanDefinition {
  planId: TPlanId;
  interval: TBillingInterval;
  intervalCount: number;
  trialDays: number;
  /** The report tier the plan's first payment unlocks for the order. */
  includesSkuId: TSkuId;
  /** Feature ids: `catalog:features.{id}` (shared with the tiers) or `catalog:planFeatures.{id}`. */
  features: string[];
  sort: number;
}

const MEMBER = ['fullReport', 'memberTests', 'trainingProgram', 'cancelAnytime'];

export const PLAN_DEFINITIONS: PlanDefinition[] = [
  {
    planId: 'weekly',
    interval: 'WEEK',
    intervalCount: 1,
    trialDays: 3,
    includesSkuId: 'sku3',
    features: MEMBER,
    sort: 1,
  },
  {
    planId: 'monthly',
    interval: 'MONTH',
    intervalCount: 1,
    trialDays: 0,
    includesSkuId: 'sku3',
    features: MEMBER,
    sort: 2,
  },
  // The daily-rate package: billed every 4 weeks (28 days), never called "monthly".
  {
    planId: 'fourweekly',
    interval: 'WEEK',
    intervalCount: 4,
    trialDays: 0,
    includesSkuId: 'sku3',
    features: MEMBER,
    sort: 3,
  },
];

/** Per currency, in major units: weekly [billed, trial price], monthly, every-4-weeks. Set by hand. */
type PlanTable = { weekly: [number, number]; monthly: number; fourweekly: number };
export const PLAN_PRICE_TABLES: Record<string, PlanTable> = {
  USD: { weekly: [19.99, 1.99], monthly: 49.99, fourweekly: 19.99 },
  EUR: { weekly: [18.99, 1.99], monthly: 46.99, fourweekly: 18.99 },
  GBP: { weekly: [16.99, 1.49], monthly: 41.99, fourweekly: 16.99 },
  CAD: { weekly: [26.99, 2.49], monthly: 67.99, fourweekly: 26.99 },
  AUD: { weekly: [29.99, 2.99], monthly: 74.99, fourweekly: 29.99 },
  INR: { weekly: [999, 99], monthly: 2499, fourweekly: 999 },
  BRL: { weekly: [99.9, 9.9], monthly: 249.9, fourweekly: 99.9 },
  MXN: { weekly: [349, 35], monthly: 899, fourweekly: 349 },
  KRW: { weekly: [26_900, 2500], monthly: 66_900, fourweekly: 26_900 },
  JPY: { weekly: [2980, 300], monthly: 7480, fourweekly: 2980 },
  TWD: { weekly: [620, 60], monthly: 1550, fourweekly: 620 },
  HKD: { weekly: [158, 15], monthly: 388, fourweekly: 158 },
  CNY: { weekly: [138, 14], monthly: 348, fourweekly: 138 },
  PLN: { weekly: [79.99, 7.99], monthly: 199.99, fourweekly: 79.99 },
  DKK: { weekly: [139, 14], monthly: 349, fourweekly: 139 },
};
