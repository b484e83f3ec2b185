import { isWholeUnitCurrency, type TEntitlement, type TPackageId, type TUpsellStep } from '@mindgauge/contract';

/**
 * The extras sold after the first payment. Titles, descriptions and feature texts come from the `catalog`
 * locale namespace (`packages.{id}`); prices live in `package_prices`, seeded from USD prices below.
 */
export interface PackageDefinition {
  packageId: TPackageId;
  step: TUpsellStep;
  /** Report parts it unlocks on the order. */
  unlocks: TEntitlement[];
  /** Feature ids (`catalog:features.{id}`, shared with the tiers). */
  features: string[];
  /** A test for another person (a gift code), or the VIP membership. */
  grants: 'entitlements' | 'gift' | 'vip';
  usd: number;
}

export const PACKAGE_DEFINITIONS: PackageDefinition[] = [
  {
    packageId: 'answerAnalysis',
    step: 'answerAnalysis',
    unlocks: ['answerAnalysis'],
    features: ['answerAnalysis'],
    grants: 'entitlements',
    usd: 4.99,
  },
  {
    packageId: 'assessmentShares',
    step: 'assessmentShares',
    unlocks: ['certificate'],
    features: ['certificate'],
    grants: 'entitlements',
    usd: 3.99,
  },
  {
    packageId: 'advancedBundle',
    step: 'advancedBundle',
    unlocks: ['brainTests', 'trainingGuide'],
    features: ['brainTests', 'trainingGuide'],
    grants: 'entitlements',
    usd: 9.99,
  },
  { packageId: 'vip', step: 'memberExclusive', unlocks: [], features: ['discount'], grants: 'vip', usd: 19.99 },
  { packageId: 'presentedExam', step: 'accessProduct', unlocks: [], features: ['gift'], grants: 'gift', usd: 9.99 },
];

export const packageDefinition = (id: string) => PACKAGE_DEFINITIONS.find((p) => p.packageId === id);

/** How long the VIP membership lasts. */
export const VIP_DAYS = 365;
/** The report tier a gift code gives its recipient. */
export const GIFT_SKU = 'sku2';
/**
 * The member discount on extras: for an order of the Complete tier (its "20% off for good"), for every later
 * order bought with that e-mail address, and for VIP members while their year runs.
 */
export const MEMBER_PERCENT_OFF = 20;
/** The tier whose buyers keep the member discount for good. */
export const DISCOUNT_SKU = 'sku4';
/** What VIP members get (ids; texts in `catalog:vipPrivileges`). */
export const VIP_PRIVILEGES = ['discount', 'allExtras', 'prioritySupport'] as const;

/** A US dollar price in each currency (by exchange rate, lower where incomes are), for the seeded prices (the operator sets real ones). */
const PER_USD: Record<string, number> = {
  USD: 1,
  EUR: 0.95,
  GBP: 0.85,
  CAD: 1.35,
  AUD: 1.5,
  INR: 50,
  BRL: 5,
  MXN: 18,
  KRW: 1350,
  JPY: 150,
  TWD: 32,
  HKD: 7.8,
  CNY: 7,
  PLN: 4,
  DKK: 7,
  NOK: 11,
  TRY: 35,
  EGP: 30,
  CZK: 23,
  UAH: 40,
  PHP: 56,
  RUB: 90,
  ARS: 1000,
  HUF: 360,
  KZT: 500,
  CLP: 900,
  UGX: 3000,
  COP: 3500,
  IDR: 10_000,
  THB: 25,
  VND: 15_000,
  ZAR: 12,
};

/** A seeded price in minor units: x.99 where cents show, else two significant figures of whole units. */
export function seededPrice(usd: number, currency: string): number {
  const value = usd * (PER_USD[currency] ?? 1);
  if (isWholeUnitCurrency(currency) || value >= 100) {
    const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
    return Math.round(value / magnitude) * magnitude * 100;
  }
  return Math.max(99, Math.round(value) * 100 - 1);
}
