import { defineEndpoint } from '../endpoint';
import { ZIsoDateTime, ZLanguageTag } from '../fields';
import { ZExamIdParam } from '../scope';
import { describe, z } from '../zod';
import {
  ZCountryParam,
  ZEntitlement,
  ZNextAction,
  ZPaymentSummary,
  ZPlanId,
  ZSkuFeature,
  ZSkuId,
  ZSubscriptionSummary,
} from './checkout';
import { ZOrderNumber, ZOrderStatus, ZReportQuery, ZReportToken } from './exam';
import { ZPlan } from './subscription';

const tags = ['extras'];

/** What can be added after the first payment. `vip` is the "member exclusive" step. */
export const PACKAGE_IDS = ['answerAnalysis', 'assessmentShares', 'advancedBundle', 'presentedExam', 'vip'] as const;
export const ZPackageId = z.enum(PACKAGE_IDS);
export type TPackageId = z.infer<typeof ZPackageId>;

/** The upsell steps of the spec, in order. */
export const UPSELL_STEPS = [
  'skipTrial',
  'answerAnalysis',
  'assessmentShares',
  'advancedBundle',
  'memberExclusive',
  'accessProduct',
] as const;
export const ZUpsellStep = z.enum(UPSELL_STEPS);
export type TUpsellStep = z.infer<typeof ZUpsellStep>;

export const ZPackage = z.object({
  packageId: ZPackageId,
  step: ZUpsellStep,
  title: z.string(),
  description: z.string(),
  features: z.array(ZSkuFeature),
  /** What it unlocks on the order's report (empty for a gift or VIP). */
  unlocks: z.array(ZEntitlement),
  price: z.object({
    currency: z.string(),
    amount: describe(z.int(), 'Minor units: what is charged'),
    listAmount: describe(z.int(), 'Minor units: the price before the member discount'),
  }),
  memberPercentOff: describe(
    z.int(),
    'The member discount taken off (Complete tier, a Complete report bought with the same e-mail, or VIP); 0 if none',
  ),
  owned: describe(z.boolean(), 'Already part of the order (its tier, or bought)'),
});
export type TPackage = z.infer<typeof ZPackage>;

export const stepPackage = defineEndpoint({
  id: 'stepPackage',
  method: 'GET',
  base: 'api',
  path: '/secondPhase/sku/package/:examId/:step/:country',
  summary: 'The offer of one upsell step, priced for a country',
  tags,
  params: z.object({ examId: ZExamIdParam, step: ZUpsellStep, country: ZCountryParam }),
  query: z.object({ hl: z.optional(ZLanguageTag) }),
  response: z.object({ step: ZUpsellStep, package: z.nullable(ZPackage), plan: z.nullable(ZPlan) }),
});

export const ZStepOffer = z.object({
  step: ZUpsellStep,
  /** Offered to this order: not owned, and it applies (skipping a trial needs a trial). */
  offered: z.boolean(),
  package: z.nullable(ZPackage),
  plan: z.nullable(ZPlan),
});

export const ZSecondPhaseOrder = z.object({
  orderNumber: ZOrderNumber,
  status: ZOrderStatus,
  skuId: z.nullable(ZSkuId),
  entitlements: z.array(ZEntitlement),
  steps: z.array(ZStepOffer),
  subscription: z.nullable(ZSubscriptionSummary),
  vip: z.nullable(z.object({ since: ZIsoDateTime, until: ZIsoDateTime })),
  /** The method kept from the first payment, for one-click extras; null when there is none. */
  savedMethod: z.nullable(z.object({ kind: z.string(), label: z.string() })),
});
export type TSecondPhaseOrder = z.infer<typeof ZSecondPhaseOrder>;

export const secondPhaseOrder = defineEndpoint({
  id: 'secondPhaseOrder',
  method: 'GET',
  base: 'api',
  path: '/secondPhase/order/:orderNumber',
  summary: "A paid order's upsell steps: what is offered, what it has, the kept payment method",
  tags,
  params: z.object({ orderNumber: ZOrderNumber }),
  query: ZReportQuery,
  response: ZSecondPhaseOrder,
});

export const extraPackageList = defineEndpoint({
  id: 'extraPackageList',
  method: 'GET',
  base: 'api',
  path: '/exam/extra/package/list/:orderNumber',
  summary: 'Every extra for a paid order, priced in its currency, with what it already has',
  tags,
  params: z.object({ orderNumber: ZOrderNumber }),
  query: ZReportQuery,
  response: z.object({ packages: z.array(ZPackage) }),
});

export const ZExtraPurchase = z.object({
  payment: ZPaymentSummary,
  next: ZNextAction,
  /** What the order unlocks now (after a one-click charge; else once the payment settles). */
  entitlements: z.array(ZEntitlement),
});

const purchaseBody = {
  orderNumber: ZOrderNumber,
  token: ZReportToken,
  hl: ZLanguageTag,
};
const ZPurchaseBody = z.object(purchaseBody);
const ZPackagePurchaseBody = z.object({ ...purchaseBody, packageId: ZPackageId });

export const buySkuPackage = defineEndpoint({
  id: 'buySkuPackage',
  method: 'POST',
  base: 'pay',
  path: '/secondPhase/pay/skuPackage',
  summary: "Buys an extra with the first payment's kept method, on the visitor's click; idempotent per order and extra",
  tags,
  body: ZPackagePurchaseBody,
  response: ZExtraPurchase,
});
export const buyWrongQuestion = defineEndpoint({
  id: 'buyWrongQuestion',
  method: 'POST',
  base: 'pay',
  path: '/secondPhase/pay/wrongQuestion',
  summary: 'Buys the answer analysis (unlocks the wrong-answer view)',
  tags,
  body: ZPurchaseBody,
  response: ZExtraPurchase,
});
export const buyPresentedExam = defineEndpoint({
  id: 'buyPresentedExam',
  method: 'POST',
  base: 'pay',
  path: '/secondPhase/pay/presentedExam',
  summary: 'Buys a test for another person: a gift code they redeem',
  tags,
  body: ZPurchaseBody,
  response: ZExtraPurchase,
});
export const submitExtraOrder = defineEndpoint({
  id: 'submitExtraOrder',
  method: 'POST',
  base: 'api',
  path: '/exam/extra/order/submit',
  summary: 'Buys an extra from the in-report purchase screen',
  tags,
  body: ZPackagePurchaseBody,
  response: ZExtraPurchase,
});
export const createVipPayment = defineEndpoint({
  id: 'createVipPayment',
  method: 'POST',
  base: 'pay',
  path: '/vip/pay/create',
  summary: 'Buys the VIP membership (the "member exclusive" step)',
  tags,
  body: ZPurchaseBody,
  response: ZExtraPurchase,
});

export const buyPlanSku = defineEndpoint({
  id: 'buyPlanSku',
  method: 'POST',
  base: 'pay',
  path: '/secondPhase/pay/planSku',
  summary:
    "Skips the trial (weekly: the plan's price now) or moves to the daily-rate plan (charged now), with the kept method",
  tags,
  body: z.object({ ...purchaseBody, planId: ZPlanId }),
  response: z.object({ subscription: ZSubscriptionSummary }),
});

export const vipStatus = defineEndpoint({
  id: 'vipStatus',
  method: 'GET',
  base: 'api',
  path: '/vip/pay/status/:examOrderNumber',
  summary:
    "Whether the VIP membership bought with an order is active, and its privileges: for the order's owner (the test's browser or an e-mailed link's token)",
  tags,
  params: z.object({ examOrderNumber: ZOrderNumber }),
  query: ZReportQuery,
  response: z.object({
    vip: z.boolean(),
    since: z.nullable(ZIsoDateTime),
    until: z.nullable(ZIsoDateTime),
    privileges: z.array(z.string()),
  }),
});

export const presenterList = defineEndpoint({
  id: 'presenterList',
  method: 'GET',
  base: 'api',
  path: '/exam/order/presenter/list/:orderNumber',
  summary: 'The tests an order has given to others (gift codes) and whether they were redeemed',
  tags,
  params: z.object({ orderNumber: ZOrderNumber }),
  query: ZReportQuery,
  response: z.object({
    gifts: z.array(z.object({ code: z.string(), url: z.string(), redeemed: z.boolean(), createdAt: ZIsoDateTime })),
  }),
});

export const redeemGift = defineEndpoint({
  id: 'redeemGift',
  method: 'POST',
  base: 'api',
  path: '/exam/gift/redeem',
  summary:
    "Redeems a gift code on the recipient's own finished test, in the browser that took it: its report, paid by the giver (rate limited)",
  tags,
  body: z.object({
    orderNumber: ZOrderNumber,
    code: z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'invalid code')),
  }),
  response: z.object({ orderNumber: ZOrderNumber, status: ZOrderStatus, skuId: ZSkuId }),
});
