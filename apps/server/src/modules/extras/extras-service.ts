import type { Locale, TPackageId, TPlanId } from '@mindgauge/contract';
import type { Transact } from '../../db/repositories';
import type { Translator } from '../../i18n/translator';
import type { Clock } from '../../lib/clock';
import type { ReportLinks } from '../../lib/report-links';
import type { SecretKeys } from '../../lib/signed-token';
import type { TtlCache } from '../../lib/ttl-cache';
import type { ExamOrders } from '../exam/exam-orders';
import { type ReportAccess, reportAccessOf } from '../exam/report-access';
import type { PaymentService } from '../payments/payment-service';
import type { ProviderRegistry } from '../payments/providers/provider-registry';
import type { RateLimiter } from '../rate-limit/consume-rate-limit';
import type { PlanCatalog } from '../subscriptions/plan-catalog';
import type { SubscriptionChanges } from '../subscriptions/subscription-changes';
import type { SubscriptionScheduler } from '../subscriptions/subscription-scheduler';
import type { SubscriptionService } from '../subscriptions/subscription-service';
import { buyExtra } from './buy-extra';
import { extrasCatalog } from './extras-catalog';
import { packageList, secondPhaseOrder, vipStatus } from './extras-overview';
import type { ExtrasRepository } from './extras-repository';
import { presenterList, redeemGift } from './gifts';
import { packageDefinition } from './package-definitions';
import { changePlan } from './plan-change';

export { GIFT_RULES } from './gifts';

export interface ExtrasDeps {
  /** Rate limits (the rate-limit module's service). */
  limits: RateLimiter;
  repo: ExtrasRepository;
  transact: Transact;
  /** The plan changes an extra makes (skip the trial, switch plans): guarded updates of the subscription. */
  subscriptionRows: SubscriptionChanges;
  providers: ProviderRegistry;
  exams: ExamOrders;
  payments: PaymentService;
  plans: PlanCatalog;
  subscriptions: SubscriptionService;
  scheduler: SubscriptionScheduler;
  translator: Translator;
  clock: Clock;
  cache: TtlCache;
  links: ReportLinks;
  /** The site's address, for gift links. */
  publicUrl: string;
  /** Checks e-mailed report links' tokens: extras are bought by whoever may read the report. */
  reportLinkSecret: SecretKeys;
  mailDomain: string;
  kickMail: () => void;
}

/** Reads an order for whoever may read its report (the test's browser, or an e-mailed link). */
export type ExtrasAccess = ReturnType<typeof reportAccessOf>;

/**
 * The extras after the first payment: the upsell steps, the in-report purchase screen, gifts and VIP. Only
 * whoever may read the report (the test's browser, or an e-mailed link) may buy for it, since a one-click
 * extra charges the method kept from the first payment. Each operation is its own module; this composes them.
 */
export function extrasService(d: ExtrasDeps) {
  const access = reportAccessOf(d);
  const catalog = extrasCatalog(d);
  return {
    buy: (orderNumber: string, packageId: TPackageId, a: ReportAccess, hl: Locale) =>
      buyExtra(d, access, catalog, orderNumber, packageId, a, hl),
    stepPackage: catalog.stepPackage,
    secondPhaseOrder: (orderNumber: string, a: ReportAccess, hl: Locale) =>
      secondPhaseOrder(d, access, catalog, orderNumber, a, hl),
    packageList: (orderNumber: string, a: ReportAccess, hl: Locale) => packageList(access, catalog, orderNumber, a, hl),
    planSku: (orderNumber: string, planId: TPlanId, a: ReportAccess) => changePlan(d, access, orderNumber, planId, a),
    vipStatus: (orderNumber: string, a: ReportAccess) => vipStatus(access, catalog, orderNumber, a),
    presenterList: (orderNumber: string, a: ReportAccess, hl: Locale) => presenterList(d, access, orderNumber, a, hl),
    redeemGift: (orderNumber: string, code: string, a: ReportAccess, ip: string) =>
      redeemGift(d, orderNumber, code, a, ip),
    packageDefinition,
  };
}
export type ExtrasService = ReturnType<typeof extrasService>;
