import { defineEndpoint } from '../endpoint';
import { ZEmail, ZLanguageTag } from '../fields';
import { PLAN_DISCLOSURE_VERSION } from '../plan-wording';
import { ZExamIdParam } from '../scope';
import { describe, z } from '../zod';
import {
  ZBillingInterval,
  ZCountryParam,
  ZNextAction,
  ZPaymentMethod,
  ZPaymentSummary,
  ZPlanId,
  ZSkuFeature,
  ZSkuId,
  ZSubscriptionSummary,
} from './checkout';
import { ZOrderNumber, ZOrderStatus, ZPublicId, ZReportToken } from './exam';

const tags = ['subscription'];

export const ZPlanPrice = z.object({
  currency: describe(z.string(), 'ISO 4217'),
  amount: describe(z.int(), 'Billed each period, in minor units'),
  trialAmount: describe(z.nullable(z.int()), 'Charged today for the trial; null when the plan has no trial'),
  todayAmount: describe(z.int(), 'What the first payment charges: the trial price, else the first period'),
  perDay: describe(z.int(), 'The billed amount per day of the period, in minor units (shown as the daily rate)'),
});
export type TPlanPrice = z.infer<typeof ZPlanPrice>;

export const ZPlan = z.object({
  planId: ZPlanId,
  title: z.string(),
  interval: ZBillingInterval,
  intervalCount: describe(z.int(), 'Periods of `interval` per billing: 4 WEEK is "every 4 weeks"'),
  trialDays: z.int(),
  includesSkuId: describe(ZSkuId, 'The report tier the first payment unlocks'),
  features: z.array(ZSkuFeature),
  price: ZPlanPrice,
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZPlanList = z.object({
  country: z.string(),
  currency: z.string(),
  /** Payment methods that can pay a plan (its renewals charge the saved method). */
  methods: z.array(ZPaymentMethod),
  plans: z.array(ZPlan),
});
export type TPlanList = z.infer<typeof ZPlanList>;

export const planList = defineEndpoint({
  id: 'planList',
  method: 'GET',
  base: 'api',
  path: '/exam/plan/list/:examId/:country/:hl',
  summary: 'The subscription plans, priced for a country in its currency (and as an order was first shown them)',
  tags,
  params: z.object({ examId: ZExamIdParam, country: ZCountryParam, hl: ZLanguageTag }),
  query: z.object({
    order: describe(z.optional(ZOrderNumber), 'Price for this order: the plan prices it was first shown'),
  }),
  response: ZPlanList,
});

export const secondPhasePlanList = defineEndpoint({
  id: 'secondPhasePlanList',
  method: 'GET',
  base: 'api',
  path: '/secondPhase/plan/sku/list/:examId/:country',
  summary: 'The plans offered after the first payment (skip the trial, the daily-rate plan)',
  tags,
  params: z.object({ examId: ZExamIdParam, country: ZCountryParam }),
  query: z.object({ hl: z.optional(ZLanguageTag) }),
  response: ZPlanList,
});

export const createPlanPayment = defineEndpoint({
  id: 'createPlanPayment',
  method: 'POST',
  base: 'pay',
  path: '/pay/plan/create',
  summary:
    "Starts (or resumes) the first payment of a plan for an order: the trial's price, or the first period. Idempotent per checkoutKey",
  tags,
  body: z.object({
    orderNumber: ZOrderNumber,
    planId: ZPlanId,
    country: ZCountryParam,
    method: ZPaymentMethod,
    email: ZEmail,
    checkoutKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'invalid key')),
    shownAmount: describe(z.int().check(z.minimum(0)), 'What the visitor saw charged today'),
    shownRecurringAmount: describe(z.int().check(z.minimum(0)), 'What the visitor saw charged each period after'),
    shownCurrency: z.string().check(z.regex(/^[A-Z]{3}$/)),
    consent: z.object({
      terms: z.literal(true, { message: 'Please check "I have read and agree to the terms" to proceed' }),
      termsVersion: z.string().check(z.maxLength(20)),
      disclosureVersion: describe(
        z.literal(PLAN_DISCLOSURE_VERSION, { message: 'The plan terms have changed: please reload the page' }),
        'The version of the disclosure wording shown next to the button (the current one only)',
      ),
    }),
    hl: ZLanguageTag,
    token: describe(ZReportToken, "An e-mailed result link's token: pays from a browser other than the test's"),
  }),
  response: z.object({ payment: ZPaymentSummary, orderStatus: ZOrderStatus, next: ZNextAction }),
});

export const unsubscribeCheckEmail = defineEndpoint({
  id: 'unsubscribeCheckEmail',
  method: 'POST',
  base: 'pay',
  path: '/unsubscribe/check/email',
  summary:
    'E-mails a one-click cancel link for every running subscription of an address (rate limited). The answer is the same whether or not there is one, so addresses cannot be probed',
  tags,
  body: z.object({ email: ZEmail, hl: z.optional(ZLanguageTag) }),
  response: z.object({ sent: describe(z.literal(true), 'If the address has a subscription, its link is on its way') }),
});

export const unsubscribeCancel = defineEndpoint({
  id: 'unsubscribeCancel',
  method: 'POST',
  base: 'pay',
  path: '/unsubscribe/cancel',
  summary:
    "Cancels one subscription through its e-mailed link's token (billing e-mails and the cancel page's e-mail carry it). Confirmed by e-mail",
  tags,
  body: z.object({
    subscriptionId: ZPublicId,
    token: describe(z.string().check(z.maxLength(200)), "The one-click link's token"),
    hl: ZLanguageTag,
  }),
  response: z.object({
    canceled: z.int(),
    subscriptions: z.array(ZSubscriptionSummary),
  }),
});

export const subscriptionInfo = defineEndpoint({
  id: 'subscriptionInfo',
  method: 'GET',
  base: 'api',
  path: '/unsubscribe/subscription/:subscriptionId',
  summary: "One subscription's terms, for its e-mailed cancel link (the link's token is required)",
  tags,
  params: z.object({ subscriptionId: ZPublicId }),
  query: z.object({ token: z.string().check(z.maxLength(200)) }),
  response: ZSubscriptionSummary,
});
