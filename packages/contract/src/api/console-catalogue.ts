import { defineEndpoint } from '../endpoint';
import { ZLanguageTag } from '../fields';
import { ZExamIdParam } from '../scope';
import { describe, z } from '../zod';
import { ZCountryParam, ZPlanId, ZSku, ZSkuId } from './checkout';

/**
 * The console's catalogue (issue 21, decision 0038): tier prices per country, plan prices, the offer's length.
 * A change applies to new orders only: an order keeps the tier prices it was first shown.
 */
const tags = ['console'];

/** Prices are held in minor units (hundredths, even for currencies shown without decimals). */
const ZMinorAmount = describe(
  z.int().check(z.gte(1), z.lte(1_000_000_000)),
  'An amount in minor units (hundredths): at least 1, at most 1,000,000,000',
);

export const ZConsoleTierPrice = z.object({
  examId: z.number(),
  skuId: z.string(),
  country: z.string(),
  currency: z.string(),
  listMinor: z.number(),
  offerMinor: z.number(),
});
export type TConsoleTierPrice = z.infer<typeof ZConsoleTierPrice>;

export const ZConsolePlanPrice = z.object({
  examId: z.number(),
  planId: z.string(),
  country: z.string(),
  currency: z.string(),
  amountMinor: z.number(),
  trialAmountMinor: z.nullable(z.number()),
});
export type TConsolePlanPrice = z.infer<typeof ZConsolePlanPrice>;

export const ZConsoleCatalogue = z.object({
  /** How long a new order's offer price holds once its prices are first shown. */
  offerMinutes: z.number(),
  tiers: z.array(ZConsoleTierPrice),
  plans: z.array(ZConsolePlanPrice),
});
export type TConsoleCatalogue = z.infer<typeof ZConsoleCatalogue>;

export const consoleCatalogue = defineEndpoint({
  id: 'consoleCatalogue',
  method: 'GET',
  base: 'api',
  path: '/console/catalogue',
  summary: "The catalogue: every exam's tier prices per country, the plan prices, and the offer's length",
  tags,
  response: ZConsoleCatalogue,
});

export const consoleCataloguePrice = defineEndpoint({
  id: 'consoleCataloguePrice',
  method: 'POST',
  base: 'api',
  path: '/console/catalogue/price',
  summary: "Sets a tier's list and offer price for a country (its currency's); new orders only",
  tags,
  body: z.object({
    examId: ZExamIdParam,
    skuId: ZSkuId,
    country: ZCountryParam,
    listMinor: ZMinorAmount,
    offerMinor: ZMinorAmount,
  }),
  response: ZConsoleTierPrice,
});

export const consoleCataloguePlanPrice = defineEndpoint({
  id: 'consoleCataloguePlanPrice',
  method: 'POST',
  base: 'api',
  path: '/console/catalogue/plan-price',
  summary:
    "Sets a plan's recurring and trial price for a country (its currency's); new orders only, subscriptions keep theirs",
  tags,
  body: z.object({
    examId: ZExamIdParam,
    planId: ZPlanId,
    country: ZCountryParam,
    amountMinor: ZMinorAmount,
    /** Given exactly when the plan has a trial at that price (a plan's trial is its terms, not its price). */
    trialAmountMinor: z.nullable(ZMinorAmount),
  }),
  response: ZConsolePlanPrice,
});

export const consoleCatalogueOffer = defineEndpoint({
  id: 'consoleCatalogueOffer',
  method: 'POST',
  base: 'api',
  path: '/console/catalogue/offer',
  summary: "Sets the offer's length in minutes (1 minute to 7 days); orders whose offer started keep theirs",
  tags,
  body: z.object({ minutes: z.int().check(z.gte(1), z.lte(7 * 24 * 60)) }),
  response: z.object({ offerMinutes: z.number() }),
});

/**
 * The tiers as a visitor from a country sees them, in a language: during the offer and after it. Computed by
 * the same server code as the visitor's price list (GET /exam/sku/list), so the preview cannot drift from it.
 */
export const consoleCataloguePreview = defineEndpoint({
  id: 'consoleCataloguePreview',
  method: 'GET',
  base: 'api',
  path: '/console/catalogue/preview/:examId/:country/:hl',
  summary: 'The price list as a visitor from a country sees it, during the offer and after it',
  tags,
  params: z.object({ examId: ZExamIdParam, country: ZCountryParam, hl: ZLanguageTag }),
  response: z.object({
    country: z.string(),
    currency: z.string(),
    duringOffer: z.array(ZSku),
    afterOffer: z.array(ZSku),
  }),
});
