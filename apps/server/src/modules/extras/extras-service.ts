import {
  type Locale,
  type TEntitlement,
  type TPackage,
  type TPackageId,
  type TPlanId,
  type TSecondPhaseOrder,
  type TUpsellStep,
  UPSELL_STEPS,
} from '@mindgauge/contract';
import type { Transact } from '../../db/repositories';
import type { Translator } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ReportLinks } from '../../lib/report-links';
import type { SecretKeys } from '../../lib/signed-token';
import type { TtlCache } from '../../lib/ttl-cache';
import { DEFAULT_PRICE_COUNTRY, lessPercent, priceTableOf } from '../checkout/pricing';
import type { ExamOrders, Order as OrderRow } from '../exam/exam-orders';
import { type ReportAccess, reportAccessOf } from '../exam/report-access';
import type { PaymentService } from '../payments/payment-service';
import { callProvider } from '../payments/providers/call-provider';
import type { ProviderRegistry } from '../payments/providers/provider-registry';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit';
import type { PlanCatalog } from '../subscriptions/plan-catalog';
import type { SubscriptionChanges, Subscription as SubscriptionRow } from '../subscriptions/subscription-changes';
import type { SubscriptionScheduler } from '../subscriptions/subscription-scheduler';
import type { SubscriptionService } from '../subscriptions/subscription-service';
import type { ExtrasRepository } from './extras-repository';
import { giftUrl } from './gift-url';
import {
  DISCOUNT_SKU,
  MEMBER_PERCENT_OFF,
  PACKAGE_DEFINITIONS,
  type PackageDefinition,
  packageDefinition,
  VIP_PRIVILEGES,
} from './package-definitions';

const iso = (ms: number) => new Date(ms).toISOString();

/** Gift codes are secrets worth guessing: redemption is limited per client. */
export const GIFT_RULES = { name: 'gift:ip', max: 20, windowMs: 3_600_000 };

export interface ExtrasDeps {
  /** Rate limits (the rate-limit module's handle). */
  db: Parameters<typeof consumeRateLimit>[0];
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

/**
 * The extras after the first payment: the upsell steps, the in-report purchase screen, gifts and VIP. Only
 * whoever may read the report (the test's browser, or an e-mailed link) may buy for it, since a one-click
 * extra charges the method kept from the first payment.
 */
export function extrasService(d: ExtrasDeps) {
  const access = reportAccessOf(d);

  async function prices(examId: number, country: string) {
    const table = await d.cache.get(`package-prices:${examId}:${country}`, () =>
      priceTableOf(country, (c) => d.repo.packagePrices(examId, c)),
    );
    return table.rows;
  }

  function present(
    def: PackageDefinition,
    price: { currency: string; amount_minor: number },
    locale: Locale,
    owned: boolean,
    memberPercentOff = 0,
  ): TPackage {
    const t = (k: string) => d.translator.t(locale, k);
    return {
      packageId: def.packageId,
      step: def.step,
      title: t(`catalog:packages.${def.packageId}.title`),
      description: t(`catalog:packages.${def.packageId}.description`),
      features: def.features.map((id) => ({
        logoId: id,
        name: t(`catalog:features.${id}.name`),
        content: t(`catalog:features.${id}.content`),
      })),
      unlocks: def.unlocks,
      price: {
        currency: price.currency,
        amount: lessPercent(price.amount_minor, price.currency, memberPercentOff),
        listAmount: price.amount_minor,
      },
      memberPercentOff,
      owned,
    };
  }

  /**
   * The VIP membership an order enjoys: one it bought itself, or one of its address once that address is
   * proven by a followed e-mail link (issue 13: a typed address borrows nobody's membership).
   */
  async function activeVip(order: OrderRow) {
    const email = await d.exams.provenEmail(order);
    return d.repo.activeVip(email, order.order_number, d.clock.now());
  }

  /**
   * Whether a Complete report was ever bought with this order's address: its discount is for good. Only for
   * a proven address (a followed e-mail link), never a typed one (issue 13).
   */
  async function boughtComplete(order: OrderRow): Promise<boolean> {
    const email = await d.exams.provenEmail(order);
    if (!email) return false;
    return d.exams.hasPaidSku(email, DISCOUNT_SKU);
  }

  /**
   * Each extra for the order, priced in the currency of its first payment, with what it already has. Members
   * (see MEMBER_PERCENT_OFF) see and pay the discounted price: the charge is made from this same list.
   */
  async function packagesFor(order: OrderRow, locale: Locale) {
    const [rows, entitlements, vip, complete] = await Promise.all([
      prices(order.exam_id, order.country ?? DEFAULT_PRICE_COUNTRY),
      d.exams.entitlements(order),
      activeVip(order),
      boughtComplete(order),
    ]);
    const byId = new Map(rows.map((r) => [r.package_id, r]));
    const have = new Set(entitlements);
    const percentOff = have.has('discount') || vip !== undefined || complete ? MEMBER_PERCENT_OFF : 0;
    return {
      entitlements,
      vip,
      packages: PACKAGE_DEFINITIONS.flatMap((def) => {
        const price = byId.get(def.packageId);
        if (!price) return [];
        const owned =
          def.grants === 'vip'
            ? vip !== undefined
            : def.grants === 'gift'
              ? false
              : def.unlocks.every((u) => have.has(u));
        return [present(def, price, locale, owned, percentOff)];
      }),
    };
  }

  /**
   * The same at a processor that bills the plan itself (Stripe Billing): it ends the trial or changes the
   * terms and invoices now; its invoice webhook then moves our period, like a renewal.
   */
  async function billAtProcessor(order: OrderRow, sub: SubscriptionRow, planId: TPlanId) {
    const prov = d.providers.byName(sub.provider);
    const bill = prov?.billSubscriptionNow?.bind(prov);
    if (!bill || !sub.processor_ref) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
    const ref = sub.processor_ref;
    if (planId === sub.plan_id) {
      if (sub.status !== 'trialing') throw new AppError('TRIAL_NOT_ACTIVE');
      await callProvider(() => bill(ref));
    } else if (planId === 'fourweekly') {
      const { item } = await d.plans.plan(order.exam_id, 'fourweekly', sub.country);
      await callProvider(() =>
        bill(ref, {
          planId,
          title: d.translator.t(sub.locale as Locale, 'catalog:plans.fourweekly.title'),
          amountMinor: item.price.amount_minor,
          interval: item.plan.billing_interval,
          intervalCount: item.plan.interval_count,
          trialDays: 0,
          currency: sub.currency,
        }),
      );
      const now = d.clock.now();
      await d.subscriptionRows.updateTermsIfPlan(sub, {
        plan_id: 'fourweekly',
        amount_minor: item.price.amount_minor,
        billing_interval: item.plan.billing_interval,
        interval_count: item.plan.interval_count,
        updated_at: now,
      });
    } else {
      throw new AppError('PLAN_NOT_FOUND');
    }
    const fresh = await d.subscriptions.forOrder(order.order_number);
    if (!fresh) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    return { subscription: fresh };
  }

  /**
   * Whether the kept method may be charged with one click (decision 0018): only in the browser that took the
   * test and paid (its cookie). A report link can be forwarded, so its holder goes through the processor's
   * own payment step instead, where the payer confirms with the card or PayPal account.
   */
  const oneClick = (order: OrderRow, a: ReportAccess) => a.sessionId !== undefined && a.sessionId === order.session_id;

  async function buy(orderNumber: string, packageId: TPackageId, a: ReportAccess, hl: Locale) {
    const { order } = await access(orderNumber, a);
    const { packages } = await packagesFor(order, hl);
    const pkg = packages.find((p) => p.packageId === packageId);
    if (!pkg) throw new AppError('SKU_NOT_FOUND');
    if (pkg.owned) throw new AppError('PACKAGE_OWNED');
    const result = await d.payments.createExtra({
      order,
      packageId,
      amountMinor: pkg.price.amount,
      currency: pkg.price.currency,
      hl,
      oneClick: oneClick(order, a),
    });
    return { ...result, entitlements: (await d.exams.entitlements(order)) as TEntitlement[] };
  }

  return {
    buy,

    async stepPackage(examId: number, step: TUpsellStep, country: string, hl: Locale) {
      if (step === 'skipTrial') {
        const { item } = await d.plans.plan(examId, 'weekly', country);
        return { step, package: null, plan: d.plans.present(item, hl) };
      }
      const def = PACKAGE_DEFINITIONS.find((p) => p.step === step);
      const price = (await prices(examId, country)).find((r) => r.package_id === def?.packageId);
      if (!def || !price) throw new AppError('SKU_NOT_FOUND');
      return { step, package: present(def, price, hl, false), plan: null };
    },

    async secondPhaseOrder(orderNumber: string, a: ReportAccess, hl: Locale): Promise<TSecondPhaseOrder> {
      const { order } = await access(orderNumber, a);
      const inPayingBrowser = oneClick(order, a);
      const [{ packages, entitlements, vip }, subscription, savedMethod] = await Promise.all([
        packagesFor(order, hl),
        d.subscriptions.forOrder(orderNumber),
        // A link's holder is not offered the kept method (nor shown its label): decision 0018.
        inPayingBrowser ? d.payments.keptMethod(order) : Promise.resolve(null),
      ]);
      const trial =
        inPayingBrowser &&
        subscription?.status === 'trialing' &&
        !subscription.cancelRequested &&
        subscription.planId === 'weekly';
      const weekly = trial ? await d.plans.plan(order.exam_id, 'weekly', order.country ?? DEFAULT_PRICE_COUNTRY) : null;
      return {
        orderNumber,
        status: order.status,
        skuId: (order.sku_id as TSecondPhaseOrder['skuId']) ?? null,
        entitlements: entitlements as TSecondPhaseOrder['entitlements'],
        steps: UPSELL_STEPS.map((step) => {
          if (step === 'skipTrial') {
            return { step, offered: trial, package: null, plan: weekly ? d.plans.present(weekly.item, hl) : null };
          }
          const pkg = packages.find((p) => p.step === step) ?? null;
          return { step, offered: pkg !== null && !pkg.owned, package: pkg, plan: null };
        }),
        subscription,
        vip: vip ? { since: iso(vip.since), until: iso(vip.until) } : null,
        savedMethod,
      };
    },

    async packageList(orderNumber: string, a: ReportAccess, hl: Locale) {
      const { order } = await access(orderNumber, a);
      return { packages: (await packagesFor(order, hl)).packages };
    },

    /**
     * Skips the weekly trial (the plan's price now) or moves to the daily-rate plan (its price now), with the
     * kept method. The period is ended now by a guarded update, so a double click charges once.
     */
    async planSku(orderNumber: string, planId: TPlanId, a: ReportAccess) {
      const { order } = await access(orderNumber, a);
      // Charged on the kept method at once: only in the browser that paid (decision 0018).
      if (!oneClick(order, a)) throw new AppError('ONE_CLICK_NOT_ALLOWED');
      const sub = await d.subscriptionRows.latestForOrder(order.order_number);
      if (!sub || sub.status === 'canceled' || sub.cancel_requested_at !== null) {
        throw new AppError('SUBSCRIPTION_NOT_FOUND');
      }
      if (sub.billed_by === 'processor') return billAtProcessor(order, sub, planId);
      const now = d.clock.now();
      if (planId === sub.plan_id) {
        if (sub.status !== 'trialing') throw new AppError('TRIAL_NOT_ACTIVE');
        await d.subscriptionRows.updateIfUnchanged(
          sub,
          { current_period_end: now, trial_end_at: now, next_run_at: now, updated_at: now },
          'trialing',
        );
      } else if (planId === 'fourweekly') {
        const { item } = await d.plans.plan(order.exam_id, 'fourweekly', sub.country);
        await d.subscriptionRows.updateIfUnchanged(sub, {
          plan_id: 'fourweekly',
          amount_minor: item.price.amount_minor,
          billing_interval: item.plan.billing_interval,
          interval_count: item.plan.interval_count,
          current_period_end: now,
          trial_end_at: sub.status === 'trialing' ? now : sub.trial_end_at,
          next_run_at: now,
          updated_at: now,
        });
      } else {
        throw new AppError('PLAN_NOT_FOUND');
      }
      await d.scheduler.runFor(sub.id);
      const fresh = await d.subscriptions.forOrder(order.order_number);
      if (!fresh) throw new AppError('SUBSCRIPTION_NOT_FOUND');
      return { subscription: fresh };
    },

    /** Whether the order's buyer is a member: personal, so for the order's owner only (issue 13). */
    async vipStatus(orderNumber: string, a: ReportAccess) {
      const { order } = await access(orderNumber, a);
      const vip = await activeVip(order);
      return {
        vip: vip !== undefined,
        since: vip ? iso(vip.since) : null,
        until: vip ? iso(vip.until) : null,
        privileges: vip ? [...VIP_PRIVILEGES] : [],
      };
    },

    async presenterList(orderNumber: string, a: ReportAccess, hl: Locale) {
      const { order } = await access(orderNumber, a);
      const rows = await d.repo.giftsFrom(order.order_number);
      return {
        gifts: rows.map((g) => ({
          code: g.code,
          url: giftUrl(d.publicUrl, g.exam_id, g.code, hl),
          redeemed: g.redeemed_order_number !== null,
          createdAt: iso(g.created_at),
        })),
      };
    },

    /**
     * Redeems a gift on the recipient's own finished test: their order becomes paid at the gift's tier (no
     * charge), with its report e-mail, once. The same order redeeming again gets the same answer.
     */
    async redeemGift(orderNumber: string, code: string, a: ReportAccess, ip: string) {
      const now = d.clock.now();
      await consumeRateLimit(d.db, GIFT_RULES, ip, now);
      const gift = await d.repo.findGift(code);
      if (!gift) throw new AppError('GIFT_CODE_INVALID');
      const order = await d.exams.findOrder(orderNumber);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      // Only on the recipient's own test (its browser): an order number alone changes nothing (issue 13).
      if (a.sessionId === undefined || a.sessionId !== order.session_id) throw new AppError('ORDER_ACCESS_DENIED');
      if (gift.redeemed_order_number === order.order_number) {
        return { orderNumber, status: order.status, skuId: gift.sku_id as 'sku2' };
      }
      if (gift.redeemed_order_number !== null) throw new AppError('GIFT_CODE_USED');
      if (order.status !== 'pending_payment') throw new AppError('ORDER_ALREADY_PAID');
      if (gift.from_order_number === order.order_number || gift.exam_id !== order.exam_id) {
        throw new AppError('GIFT_CODE_INVALID');
      }
      const done = await d.transact(async (repos) => {
        if (!(await repos.extras.claimGift(code, order.order_number, now))) return false;
        if (!(await repos.exams.markPaidByGift(order.order_number, gift.sku_id, now))) {
          throw new AppError('ORDER_ALREADY_PAID');
        }
        if (order.email) {
          const locale = (order.locale as Locale) ?? 'en';
          await repos.mail.enqueue(
            {
              template: 'giftRedeemed',
              locale,
              to: order.email,
              dedupeKey: `report-ready:${order.order_number}`,
              payload: {
                orderNumber: order.order_number,
                skuId: gift.sku_id,
                examId: order.exam_id,
                reportUrl: d.links.forOrder(order, locale),
                expiresInDays: d.links.days,
              },
            },
            now,
            d.mailDomain,
          );
        }
        return true;
      });
      if (!done) throw new AppError('GIFT_CODE_USED');
      d.kickMail();
      return { orderNumber, status: 'paid' as const, skuId: gift.sku_id as 'sku2' };
    },

    packageDefinition,
  };
}
export type ExtrasService = ReturnType<typeof extrasService>;
