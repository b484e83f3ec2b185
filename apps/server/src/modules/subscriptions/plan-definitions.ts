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
  NOK: { weekly: [219, 22], monthly: 549, fourweekly: 219 },
  TRY: { weekly: [699, 69], monthly: 1749, fourweekly: 699 },
  EGP: { weekly: [599, 59], monthly: 1499, fourweekly: 599 },
  CZK: { weekly: [469, 45], monthly: 1169, fourweekly: 469 },
  UAH: { weekly: [799, 79], monthly: 1999, fourweekly: 799 },
  PHP: { weekly: [1090, 110], monthly: 2790, fourweekly: 1090 },
  RUB: { weekly: [1790, 179], monthly: 4490, fourweekly: 1790 },
  ARS: { weekly: [19_900, 1990], monthly: 49_900, fourweekly: 19_900 },
  HUF: { weekly: [7290, 729], monthly: 17_990, fourweekly: 7290 },
  KZT: { weekly: [9990, 990], monthly: 24_990, fourweekly: 9990 },
  CLP: { weekly: [17_990, 1790], monthly: 44_900, fourweekly: 17_990 },
  UGX: { weekly: [59_000, 6000], monthly: 149_000, fourweekly: 59_000 },
  COP: { weekly: [69_900, 6900], monthly: 174_900, fourweekly: 69_900 },
  IDR: { weekly: [199_000, 19_000], monthly: 499_000, fourweekly: 199_000 },
  THB: { weekly: [499, 49], monthly: 1249, fourweekly: 499 },
  VND: { weekly: [299_000, 29_000], monthly: 749_000, fourweekly: 299_000 },
  ZAR: { weekly: [235, 23], monthly: 589, fourweekly: 235 },
};
