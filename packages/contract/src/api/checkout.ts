import { PERSONALITY_EXAM_ID } from '../constants';
import { defineEndpoint } from '../endpoint';
import { ZEmail, ZIsoDateTime, ZLanguageTag } from '../fields';
import { ZExamIdParam } from '../scope';
import { describe, z } from '../zod';
import { ZOrderNumber, ZOrderStatus, ZPublicId, ZReportToken } from './exam';

const tags = ['checkout'];

/** The report tiers of the spec (sku1 to sku4). */
export const SKU_IDS = ['sku1', 'sku2', 'sku3', 'sku4'] as const;
export const ZSkuId = z.enum(SKU_IDS);
export type TSkuId = z.infer<typeof ZSkuId>;

/**
 * Where a tier's texts live: each exam sells its own tiers, so the personality tiers are read from their own
 * namespace and never show the IQ tiers' wording (`{key}.title`, `{key}.subtitle`).
 */
export function skuTextKey(examId: number, skuId: string): string {
  return examId === PERSONALITY_EXAM_ID ? `personality-catalog:skus.${skuId}` : `catalog:skus.${skuId}`;
}

/** Where a tier feature's texts live (`{key}.name`, `{key}.content`), by the exam that sells the tier. */
export function featureTextKey(examId: number, featureId: string): string {
  return examId === PERSONALITY_EXAM_ID ? `personality-catalog:features.${featureId}` : `catalog:features.${featureId}`;
}

/** What a tier unlocks; the report endpoints give data only for what the order's tier includes. */
export const ENTITLEMENTS = [
  'score',
  'ranking',
  'dimensions',
  'answerAnalysis',
  'pdfReport',
  'certificate',
  'brainTests',
  'trainingGuide',
  'gift',
  'discount',
  // The personality report's: the profile (axes explained, strengths, blind spots), its depth (work,
  // relationships, growth); the PDF is `pdfReport` for both exams.
  'profile',
  'profileDepth',
] as const;
export const ZEntitlement = z.enum(ENTITLEMENTS);
export type TEntitlement = z.infer<typeof ZEntitlement>;

export const PAYMENT_METHODS = ['card', 'paypal'] as const;
export const ZPaymentMethod = z.enum(PAYMENT_METHODS);
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

/**
 * A country in a path: ISO 3166 alpha-2 in any case, or one of the spec's region codes (EN, JA). Countries
 * without their own price table are priced with the default table.
 */
export const ZCountryParam = describe(
  z.pipe(
    z.string().check(z.regex(/^[A-Za-z]{2}$/, 'invalid country')),
    z.transform((c: string) => c.toUpperCase()),
  ),
  'Country (ISO 3166 alpha-2), e.g. US, FR, JP',
);

export const ZPromoCode = z.pipe(
  z.string().check(z.trim(), z.minLength(1), z.maxLength(32), z.regex(/^[A-Za-z0-9_-]+$/, 'invalid code')),
  z.transform((c: string) => c.toUpperCase()),
);

export const ZPrice = z.object({
  currency: describe(z.string(), 'ISO 4217'),
  amount: describe(z.int(), 'What is charged, in minor units (÷100 to show; see formatMoney)'),
  listAmount: describe(z.int(), 'The regular price, in minor units'),
  offer: describe(z.boolean(), 'Whether the offer price applies (before the order’s offer deadline)'),
  beforePromoAmount: describe(
    z.int(),
    'The price before the promo code (the offer price while it applies, else the list price): the order summary’s lines are regular − offer saving − promo saving = amount, from these three amounts',
  ),
  percentOff: describe(z.int(), 'Promo code discount applied to `amount`, 0 when none'),
});
export type TPrice = z.infer<typeof ZPrice>;

export const ZSkuFeature = z.object({
  logoId: describe(z.string(), 'Icon id'),
  name: z.string(),
  content: z.string(),
});

export const ZSku = z.object({
  skuId: ZSkuId,
  tier: z.int(),
  title: z.string(),
  subtitle: z.string(),
  recommended: z.boolean(),
  features: z.array(ZSkuFeature),
  entitlements: z.array(ZEntitlement),
  price: ZPrice,
});
export type TSku = z.infer<typeof ZSku>;

export const ZOffer = z.object({
  deadline: describe(z.nullable(ZIsoDateTime), 'Stored per order; null before the order has seen its offer'),
  active: z.boolean(),
  serverNow: ZIsoDateTime,
});

export const ZSkuList = z.object({
  country: describe(z.string(), 'The price table used (the requested country, or the default)'),
  currency: z.string(),
  offer: ZOffer,
  promo: z.nullable(z.object({ code: z.string(), percentOff: z.int() })),
  skus: z.array(ZSku),
});
export type TSkuList = z.infer<typeof ZSkuList>;

const ZPricingQuery = z.object({
  order: describe(z.optional(ZOrderNumber), 'Price for this order: its offer deadline and promo code'),
  promo: z.optional(ZPromoCode),
});

export const skuList = defineEndpoint({
  id: 'skuList',
  method: 'GET',
  base: 'api',
  path: '/exam/sku/list/:examId/:country/:hl',
  summary: "The report tiers, priced for a country in its currency (and for an order's offer and promo code)",
  tags,
  params: z.object({ examId: ZExamIdParam, country: ZCountryParam, hl: ZLanguageTag }),
  query: ZPricingQuery,
  response: ZSkuList,
});

export const skuInfo = defineEndpoint({
  id: 'skuInfo',
  method: 'GET',
  base: 'api',
  path: '/exam/sku/info/:examId/:skuId/:country/:hl',
  summary: 'One report tier, priced like the list',
  tags,
  params: z.object({ examId: ZExamIdParam, skuId: ZSkuId, country: ZCountryParam, hl: ZLanguageTag }),
  query: ZPricingQuery,
  response: z.object({ country: z.string(), offer: ZOffer, sku: ZSku }),
});

export const ZPaymentMethodInfo = z.object({
  method: ZPaymentMethod,
  provider: z.enum(['sandbox', 'stripe', 'paypal']),
  /** Stripe's publishable key when cards go through Stripe (the browser loads Stripe.js with it). */
  publishableKey: z.nullable(z.string()),
});
export type TPaymentMethodInfo = z.infer<typeof ZPaymentMethodInfo>;

export const paymentMethodList = defineEndpoint({
  id: 'paymentMethodList',
  method: 'GET',
  base: 'api',
  path: '/app/payment/list/:examId/:country',
  summary: 'The payment methods offered, and which processor takes each',
  tags,
  params: z.object({ examId: ZExamIdParam, country: ZCountryParam }),
  response: z.object({ methods: z.array(ZPaymentMethodInfo) }),
});

export const orderCountryList = defineEndpoint({
  id: 'orderCountryList',
  method: 'GET',
  base: 'api',
  path: '/exam/order/country/list',
  summary: 'Countries with their own price table, and the default',
  tags,
  response: z.object({
    defaultCountry: z.string(),
    countries: z.array(z.object({ country: z.string(), currency: z.string() })),
  }),
});

/** The plans of the spec: weekly with a trial, monthly, and the daily-rate package billed every 4 weeks. */
export const PLAN_IDS = ['weekly', 'monthly', 'fourweekly'] as const;
export const ZPlanId = z.enum(PLAN_IDS);
export type TPlanId = z.infer<typeof ZPlanId>;

export const BILLING_INTERVALS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export const ZBillingInterval = z.enum(BILLING_INTERVALS);
export type TBillingInterval = z.infer<typeof ZBillingInterval>;

export const ZSubscriptionStatus = z.enum(['trialing', 'active', 'past_due', 'canceled']);

export const ZSubscriptionSummary = z.object({
  subscriptionId: ZPublicId,
  planId: ZPlanId,
  status: ZSubscriptionStatus,
  cancelRequested: describe(z.boolean(), 'Cancelled: nothing more is charged; access lasts until `accessUntil`'),
  amount: z.int(),
  currency: z.string(),
  interval: ZBillingInterval,
  intervalCount: z.int(),
  trialEndsAt: z.nullable(ZIsoDateTime),
  nextChargeAt: describe(z.nullable(ZIsoDateTime), 'null once cancelled or ended'),
  accessUntil: ZIsoDateTime,
});
export type TSubscriptionSummary = z.infer<typeof ZSubscriptionSummary>;

export const ZPaymentStatus = z.enum(['created', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled']);
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

export const ZPaymentSummary = z.object({
  paymentId: ZPublicId,
  skuId: describe(ZSkuId, 'The report tier the payment unlocks'),
  planId: describe(z.nullable(ZPlanId), 'Set when the payment starts a plan'),
  packageId: describe(z.nullable(z.string()), 'Set when the payment buys an extra after the first payment'),
  method: ZPaymentMethod,
  status: ZPaymentStatus,
  failureCode: describe(
    z.nullable(z.string()),
    'card_declined, insufficient_funds, authentication_failed, canceled...',
  ),
  amount: z.int(),
  currency: z.string(),
});
export type TPaymentSummary = z.infer<typeof ZPaymentSummary>;

export const ZOrderCheckout = z.object({
  orderNumber: ZOrderNumber,
  status: ZOrderStatus,
  email: describe(
    z.nullable(z.string()),
    "The order's address: only for its owner (the test's browser or a link's token)",
  ),
  offer: ZOffer,
  /** Set once paid: what was bought, at what price. */
  purchase: z.nullable(
    z.object({ skuId: ZSkuId, amount: z.int(), currency: z.string(), paidAt: ZIsoDateTime, method: ZPaymentMethod }),
  ),
  latestPayment: z.nullable(ZPaymentSummary),
  /** The plan this order started, if any (owner only): its terms, next charge and how long access lasts. */
  subscription: z.nullable(ZSubscriptionSummary),
});
export type TOrderCheckout = z.infer<typeof ZOrderCheckout>;

export const orderSkuCheck = defineEndpoint({
  id: 'orderSkuCheck',
  method: 'GET',
  base: 'api',
  path: '/exam/order/sku/check/:orderNumber',
  summary:
    "An order's checkout state (the offer countdown starts when its prices are first shown). Its address and plan only for its owner: the test's browser or an e-mailed link's token",
  tags,
  params: z.object({ orderNumber: ZOrderNumber }),
  query: z.object({ token: ZReportToken }),
  response: ZOrderCheckout,
});

export const promoCheck = defineEndpoint({
  id: 'promoCheck',
  method: 'POST',
  base: 'api',
  path: '/exam/order/promo/check',
  summary: 'Checks a promo code (rate limited); valid, unknown and expired codes each have their answer',
  tags,
  body: z.object({ orderNumber: ZOrderNumber, code: ZPromoCode }),
  response: z.object({ code: z.string(), percentOff: z.int() }),
});

export const ZReview = z.object({
  id: z.int(),
  name: z.string(),
  country: z.nullable(z.string()),
  rating: z.int(),
  content: z.string(),
  createdAt: ZIsoDateTime,
  verifiedBuyer: describe(z.boolean(), 'Written by someone who bought a report'),
  demo: describe(z.boolean(), 'Seeded demonstration content, shown as such'),
  reply: describe(z.nullable(z.string()), "The operator's public reply"),
});
export type TReview = z.infer<typeof ZReview>;

export const reviewList = defineEndpoint({
  id: 'reviewList',
  method: 'GET',
  base: 'api',
  path: '/exam/review/list/:examId/:hl',
  summary: 'Moderated reviews by buyers (and seeded demo reviews, marked as demo)',
  tags,
  params: z.object({ examId: ZExamIdParam, hl: ZLanguageTag }),
  response: z.object({ reviews: z.array(ZReview), count: z.int(), averageRating: z.nullable(z.number()) }),
});

/** What the browser does next to complete a payment. */
export const ZNextAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  describe(
    z.object({ type: z.literal('frame'), url: z.string() }),
    "The sandbox processor's card form, shown in an isolated frame",
  ),
  describe(z.object({ type: z.literal('redirect'), url: z.string() }), 'PayPal approval page'),
  describe(
    z.object({ type: z.literal('stripe'), clientSecret: z.string(), publishableKey: z.string() }),
    "Stripe's Payment Element confirms the PaymentIntent",
  ),
]);
export type TNextAction = z.infer<typeof ZNextAction>;

export const createPayment = defineEndpoint({
  id: 'createPayment',
  method: 'POST',
  base: 'pay',
  path: '/pay/order/create',
  summary: 'Starts (or resumes) the payment of a checkout attempt: idempotent per checkoutKey',
  tags,
  body: z.object({
    orderNumber: ZOrderNumber,
    skuId: ZSkuId,
    country: ZCountryParam,
    method: ZPaymentMethod,
    email: ZEmail,
    promoCode: z.nullable(ZPromoCode),
    checkoutKey: describe(
      z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'invalid key')),
      'Made by the browser once per checkout attempt: a double click or a retried request reuses it',
    ),
    shownAmount: describe(z.int().check(z.minimum(0)), 'The total the visitor saw; a different price is refused'),
    shownCurrency: z.string().check(z.regex(/^[A-Z]{3}$/)),
    consent: z.object({
      terms: z.literal(true, { message: 'Please check "I have read and agree to the terms" to proceed' }),
      termsVersion: z.string().check(z.maxLength(20)),
    }),
    hl: ZLanguageTag,
    token: describe(ZReportToken, "An e-mailed result link's token: pays from a browser other than the test's"),
  }),
  response: z.object({ payment: ZPaymentSummary, orderStatus: ZOrderStatus, next: ZNextAction }),
});

export const checkPaymentStatus = defineEndpoint({
  id: 'checkPaymentStatus',
  method: 'POST',
  base: 'pay',
  path: '/pay/check/status',
  summary: "Asks the processor how the order's payment stands and records a success (once)",
  tags,
  body: z.object({ orderNumber: ZOrderNumber, paymentId: z.optional(ZPublicId) }),
  response: z.object({ orderStatus: ZOrderStatus, payment: z.nullable(ZPaymentSummary) }),
});

export const sendReportCopy = defineEndpoint({
  id: 'sendReportCopy',
  method: 'POST',
  base: 'api',
  path: '/exam/order/report/send',
  summary:
    "Sends a paid order's report link to one more address, for its reader only: the browser that took the test or an e-mailed link's token (rate limited)",
  tags,
  body: z.object({ orderNumber: ZOrderNumber, email: ZEmail, hl: ZLanguageTag, token: ZReportToken }),
  response: z.object({ sent: z.literal(true) }),
});
