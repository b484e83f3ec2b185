import type {
  Locale,
  TNextAction,
  TOrderCheckout,
  TPaymentMethod,
  TPaymentSummary,
  TPlan,
  TPlanId,
  TSkuId,
  TSubscriptionSummary,
} from '@mindgauge/contract';
import type { FastifyBaseLogger } from 'fastify';
import { parseJsonColumn } from '../../db/json-column';
import type { Transact } from '../../db/repositories';
import type { Translator } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { keyedId } from '../../lib/ids';
import { pageUrl } from '../../lib/page-url';
import type { ReportLinks } from '../../lib/report-links';
import type { CatalogService } from '../checkout/catalog-service';
import type { ExamOrders, Order as OrderRow } from '../exam/exam-orders';
import { mayRead, type ReportAccess } from '../exam/report-access';
import type { TemplatePayload } from '../mail/templates';
import type { PaidTransition } from './paid-transition';
import { ZStoredConsent, ZStoredPlanConsent } from './payment-json';
import type { PaymentRepository, PaymentRow } from './payment-repository';
import { callProvider } from './providers/call-provider';
import {
  type PaymentProvider,
  type ProviderPaymentState,
  ProviderUnavailableError,
  type RecurringTerms,
  WebhookSignatureError,
} from './providers/payment-provider';
import type { ProviderRegistry } from './providers/provider-registry';
import { settleInTransaction } from './settle-payment';

/** The plans payments sells (the subscriptions module owns them): one plan priced and shown in a language. */
export interface PlanQuotes {
  quote(examId: number, planId: TPlanId, country: string, locale: Locale): Promise<{ country: string; plan: TPlan }>;
}

/** What payments asks of the subscriptions module (which imports payments, never the other way round). */
export interface SubscriptionsOfOrders {
  forOrder(orderNumber: string): Promise<TSubscriptionSummary | null>;
  /** A processor that bills plans itself sent news of one of its subscriptions (a webhook). */
  syncWithProcessor(prov: PaymentProvider, ref: string): Promise<void>;
}

export interface PaymentDeps {
  repo: PaymentRepository;
  /** Transactions spanning modules (the paid transition) get their repositories from here. */
  transact: Transact;
  /** The exam module owns orders. */
  orders: ExamOrders;
  catalog: CatalogService;
  plans: PlanQuotes;
  subscriptions: SubscriptionsOfOrders;
  /** Announces the paid transition to the modules that react to it (decision 0017). */
  paid: PaidTransition;
  providers: ProviderRegistry;
  clock: Clock;
  translator: Translator;
  publicUrl: string;
  mailDomain: string;
  /** The report links sent by e-mail, with their own expiring token. */
  links: ReportLinks;
  /** Checks e-mailed report links' tokens: an order's address and plan are shown to its owner only. */
  reportLinkSecret: string;
  /** Derives payment ids from (order, checkout key): every retry of an attempt names the same payment. */
  paymentIdSecret: string;
  kickMail: () => void;
  log?: FastifyBaseLogger;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** What starting a payment answers: the payment, the order's state, and what the browser does next. */
interface AttemptResult {
  payment: TPaymentSummary;
  orderStatus: OrderRow['status'];
  next: TNextAction;
}

function summary(p: PaymentRow): TPaymentSummary {
  return {
    paymentId: p.id,
    skuId: p.sku_id as TSkuId,
    planId: (p.plan_id as TPlanId | null) ?? null,
    packageId: p.package_id,
    method: p.method,
    status: p.status,
    failureCode: p.failure_code,
    amount: p.amount_minor,
    currency: p.currency,
  };
}

export function paymentService(d: PaymentDeps) {
  /** The report e-mail: the receipt of the payment and the report's own link, in a language. */
  const reportMail = (
    order: Pick<OrderRow, 'order_number' | 'exam_id'>,
    p: PaymentRow,
    locale: string,
    paidAt: number,
  ): TemplatePayload<'reportReady'> => ({
    orderNumber: order.order_number,
    skuId: p.sku_id,
    amountMinor: p.amount_minor,
    currency: p.currency,
    method: p.method,
    paidAt,
    reportUrl: d.links.forOrder(order, locale),
    expiresInDays: d.links.days,
  });

  function provider(p: PaymentRow): PaymentProvider {
    const found = d.providers.byName(p.provider);
    if (!found) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
    return found;
  }

  async function requireOrder(orderNumber: string): Promise<OrderRow> {
    const order = await d.orders.findOrder(orderNumber);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    return order;
  }

  /** Runs a processor call; an unreachable processor is a clear 502, never a 500. */
  const viaProvider = <T>(call: () => Promise<T>): Promise<T> => callProvider(call, d.log);

  /** The method the processor kept from a first payment, if it kept one and can charge it. */
  async function keptMethodOf(first: PaymentRow): Promise<{ ref: string; label: string } | null> {
    const prov = provider(first);
    const ref = first.provider_ref;
    if (!ref || !prov.chargeSaved) return null;
    const state = await viaProvider(() => prov.retrieve(ref));
    return state.savedMethodRef ? { ref: state.savedMethodRef, label: state.savedMethodLabel ?? first.method } : null;
  }

  /**
   * The paid transition and the report e-mail in one transaction: both happen exactly once, whichever of
   * webhook, status check and reconciliation gets here first, in any order, any number of times.
   */
  async function settle(p: PaymentRow, savedMethodRef: string | null): Promise<void> {
    if (p.package_id) return settleExtra(p);
    const now = d.clock.now();
    // The reactions' reads come before the transaction (a plan's price row, cached, is not worth holding a
    // write lock for).
    const reactions = await d.paid.prepare('orderPaid', { payment: p, order: await requireOrder(p.order_number) });
    const paidEvent = await d.transact(async (repos) => {
      const made = await settleInTransaction(repos, p, now);
      if (!made) return null;
      const order = await repos.exams.findOrder(p.order_number);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      const event = {
        payment: p,
        order,
        savedMethodRef,
        billing: provider(p).billsRecurring
          ? { billedBy: 'processor' as const, processorRef: p.processor_subscription_ref }
          : { billedBy: 'merchant' as const, processorRef: null },
        agreedRecurringAmount: p.plan_id
          ? (parseJsonColumn(ZStoredConsent, 'payments.consent', p.consent).shownRecurringAmount ?? null)
          : null,
        now,
      };
      const parts = await reactions.inTransaction(event, repos);
      await repos.mail.enqueue(
        {
          template: 'reportReady',
          locale: p.locale as Locale,
          to: p.email,
          dedupeKey: `report-ready:${p.order_number}`,
          payload: { ...reportMail(order, p, p.locale, now), ...parts },
        },
        now,
        d.mailDomain,
      );
      return event;
    });
    if (paidEvent) {
      d.kickMail();
      await reactions.afterCommit(paidEvent);
    } else await refundIfDuplicate(p.id);
  }

  /** A plan payment's terms for a processor that bills plans itself: as agreed, from the stored consent. */
  function recurringTerms(p: PaymentRow): RecurringTerms {
    const c = parseJsonColumn(ZStoredPlanConsent, 'payments.consent', p.consent);
    return {
      planId: p.plan_id ?? '',
      title: d.translator.t(p.locale as Locale, `catalog:plans.${p.plan_id}.title`),
      amountMinor: c.shownRecurringAmount,
      interval: c.interval,
      intervalCount: c.intervalCount,
      trialDays: c.trialDays,
    };
  }

  /**
   * An extra's payment succeeds once, and in the same transaction gives what it bought (report parts, a gift
   * code, VIP) and queues its receipt. The order's own paid state is not touched.
   */
  async function settleExtra(p: PaymentRow): Promise<void> {
    const now = d.clock.now();
    const order = await requireOrder(p.order_number);
    const reactions = await d.paid.prepare('extraPaid', { payment: p, order });
    const event = { payment: p, order, now };
    const granted = await d.transact(async (repos) => {
      if (!(await repos.payments.markSucceeded(p.id, now))) return false;
      const parts = await reactions.inTransaction(event, repos);
      await repos.mail.enqueue(
        {
          template: 'extraReceipt',
          locale: p.locale as Locale,
          to: p.email,
          dedupeKey: `extra:${p.id}`,
          payload: {
            packageId: p.package_id ?? '',
            orderNumber: p.order_number,
            amountMinor: p.amount_minor,
            currency: p.currency,
            method: p.method,
            paidAt: now,
            reportUrl: d.links.forOrder(order, p.locale),
            giftUrl: null,
            vipUntil: null,
            ...parts,
          },
        },
        now,
        d.mailDomain,
      );
      return true;
    });
    if (granted) {
      await reactions.afterCommit(event);
      d.kickMail();
    }
  }

  /** A second successful payment for a paid order (two tabs, two methods) is given back at once. */
  async function refundIfDuplicate(paymentId: string): Promise<void> {
    const p = await d.repo.find(paymentId);
    if (p?.refund_status !== 'pending' || !p.provider_ref) return;
    const ref = p.provider_ref;
    await provider(p).refund(ref);
    await d.repo.markRefunded(p.id, d.clock.now());
    d.log?.info({ payment: p.id, order: p.order_number }, 'duplicate payment refunded');
  }

  /** Acts on the processor's current truth about a payment (not on an event's copy: events come in any order). */
  async function apply(p: PaymentRow, state: ProviderPaymentState): Promise<void> {
    if (state.status === 'succeeded') {
      if (state.amountMinor !== p.amount_minor || state.currency.toUpperCase() !== p.currency) {
        // Never unlock a report for a charge that is not the price agreed: record it and refund it.
        d.log?.error({ payment: p.id, state }, 'processor amount differs from the payment; not settling');
        await d.repo.mirrorStatus(p.id, 'failed', 'amount_mismatch', d.clock.now());
        await provider(p).refund(state.ref);
        return;
      }
      await settle(p, state.savedMethodRef ?? null);
      return;
    }
    const status = state.status === 'approved' ? 'processing' : state.status;
    await d.repo.mirrorStatus(p.id, status, state.failureCode, d.clock.now());
  }

  /** Asks the processor about a payment (capturing an approved PayPal payment) and records the answer. */
  async function sync(p: PaymentRow): Promise<PaymentRow> {
    if (!p.provider_ref || p.status === 'succeeded') return p;
    const ref = p.provider_ref;
    const prov = provider(p);
    let state = await prov.retrieve(ref);
    if (state.status === 'approved') state = await prov.capture(ref);
    await apply(p, state);
    return (await d.repo.find(p.id)) ?? p;
  }

  function chargeInput(p: PaymentRow, order: OrderRow) {
    const back = { order: p.order_number, payment: p.id, hl: p.locale };
    const title = p.package_id
      ? `catalog:packages.${p.package_id}.title`
      : p.plan_id
        ? `catalog:plans.${p.plan_id}.title`
        : `catalog:skus.${p.sku_id}.title`;
    return {
      paymentId: p.id,
      orderNumber: p.order_number,
      method: p.method,
      amountMinor: p.amount_minor,
      currency: p.currency,
      email: p.email,
      description: `Mindgauge — ${d.translator.t(p.locale as Locale, title)} (${p.order_number})`,
      locale: p.locale,
      // Kept by the processor for the plan's renewals, or for extras bought later with one click (never
      // charged without the visitor's click; the payment page says so).
      saveMethod: true,
      ...(p.plan_id ? { recurring: recurringTerms(p) } : {}),
      returnUrl: pageUrl(d.publicUrl, 'payingCheck', order.exam_id, back),
      cancelUrl: pageUrl(d.publicUrl, 'payingFailed', order.exam_id, {
        ...back,
        method: p.method,
        reason: 'canceled',
      }),
    };
  }

  /**
   * The payment id of a checkout attempt: a keyed hash of order and key (128 bits, unguessable without the
   * secret). The same attempt always has the same id, so the id is the processor's idempotency key and the
   * processor's object exists before our row: one write of ours per attempt, and nothing to repair if we die
   * between the two.
   */
  function paymentIdOf(orderNumber: string, checkoutKey: string): string {
    return keyedId(d.paymentIdSecret, orderNumber, checkoutKey);
  }

  /** Whether a request holds the right to an order: the test's browser (its cookie) or a report link's token. */
  const owns = (order: OrderRow, access: ReportAccess) =>
    mayRead({ secret: d.reportLinkSecret, clock: d.clock }, order, access);

  /**
   * The order to pay, or the answer for one already paid (a repeated create after success). Only its owner
   * pays it: paying sets the address the report is sent to, so an order number alone must not (issue 13).
   */
  async function openOrder(
    orderNumber: string,
    access: ReportAccess,
  ): Promise<{ order: OrderRow } | { done: AttemptResult }> {
    const order = await requireOrder(orderNumber);
    if (!owns(order, access)) throw new AppError('ORDER_ACCESS_DENIED');
    if (order.status === 'pending_payment') return { order };
    const paid = order.paid_payment_id ? await d.repo.find(order.paid_payment_id) : undefined;
    if (!paid) throw new AppError('ORDER_ALREADY_PAID');
    return { done: { payment: summary(paid), orderStatus: order.status, next: { type: 'none' as const } } };
  }

  /** The parts of an attempt's row every purchase shares; the caller adds what is bought and its price. */
  function attemptRow(
    order: OrderRow,
    prov: PaymentProvider,
    input: { checkoutKey: string; method: TPaymentMethod; email: string; hl: Locale },
    now: number,
  ) {
    return {
      id: paymentIdOf(order.order_number, input.checkoutKey),
      order_number: order.order_number,
      checkout_key: input.checkoutKey,
      provider: prov.name,
      method: input.method,
      promo_code: null,
      plan_id: null,
      processor_subscription_ref: null,
      package_id: null,
      email: input.email.toLowerCase(),
      locale: input.hl,
      // Written only with the processor's answer (its id and status), in startAttempt.
      status: 'created' as const,
      provider_ref: null,
      failure_code: null,
      refund_status: null,
      created_at: now,
      updated_at: now,
      settled_at: null,
    };
  }

  /**
   * Opens (or resumes) the processor's payment for an attempt, then records it: the processor's object exists
   * before our row, under our payment id as its idempotency key, so a retry or a crash in between repeats
   * nothing.
   */
  async function startAttempt(order: OrderRow, prov: PaymentProvider, row: PaymentRow): Promise<AttemptResult> {
    const existing = await d.repo.find(row.id);
    // The key names one attempt: reusing it for another purchase, method or price is a client bug, not a retry.
    if (
      existing &&
      (existing.sku_id !== row.sku_id ||
        existing.plan_id !== row.plan_id ||
        existing.method !== row.method ||
        existing.amount_minor !== row.amount_minor)
    ) {
      throw new AppError('PAYMENT_IN_PROGRESS');
    }
    const chargeIn = chargeInput(existing ?? row, order);
    const made = existing?.provider_ref
      ? await viaProvider(() => prov.resume(existing.provider_ref as string, chargeIn))
      : await viaProvider(() => prov.createCharge(chargeIn));
    const stored =
      existing ??
      (await d.repo.insertAttempt({
        ...row,
        provider_ref: made.ref,
        processor_subscription_ref: made.subscriptionRef ?? null,
        status: made.status === 'requires_action' ? 'requires_action' : 'processing',
      }));
    if (order.email !== row.email) await d.orders.setCheckoutEmail(order.order_number, row.email, d.clock.now());
    return { payment: summary(stored), orderStatus: order.status, next: made.next };
  }

  return {
    sync,
    refundIfDuplicate,

    /**
     * Starts the payment of one checkout attempt. The price is computed here, never taken from the browser;
     * the browser's shown price only has to match it. The same checkout key returns the same payment.
     */
    async create(
      input: {
        orderNumber: string;
        skuId: TSkuId;
        country: string;
        method: TPaymentMethod;
        email: string;
        promoCode: string | null;
        checkoutKey: string;
        shownAmount: number;
        shownCurrency: string;
        consent: { terms: true; termsVersion: string };
        hl: Locale;
      },
      access: ReportAccess,
    ) {
      const open = await openOrder(input.orderNumber, access);
      if ('done' in open) return open.done;
      const { order } = open;
      const prov = d.providers.forMethod(input.method);
      if (!prov) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
      const priced = await d.catalog.priced(order.exam_id, input.country, order, input.promoCode ?? undefined);
      const item = priced.items.find((i) => i.row.sku_id === input.skuId);
      if (!item) throw new AppError('SKU_NOT_FOUND');
      if (item.price.amount !== input.shownAmount || item.price.currency !== input.shownCurrency) {
        throw new AppError('PRICE_CHANGED');
      }
      const now = d.clock.now();
      return startAttempt(order, prov, {
        ...attemptRow(order, prov, input, now),
        sku_id: input.skuId,
        country: priced.country,
        currency: item.price.currency,
        amount_minor: item.price.amount,
        promo_code: priced.promo?.code ?? null,
        consent: JSON.stringify({
          terms: true,
          termsVersion: input.consent.termsVersion,
          acceptedAt: iso(now),
          shownAmount: input.shownAmount,
          shownCurrency: input.shownCurrency,
          skuId: input.skuId,
        }),
      });
    },

    /**
     * Starts the first payment of a plan: the trial's price (or the first period), with the method kept
     * for the renewals. What the visitor saw (today and after) must be the plan's price, and is stored with
     * the consent; the subscription starts when the payment settles.
     */
    async createPlan(
      input: {
        orderNumber: string;
        planId: TPlanId;
        country: string;
        method: TPaymentMethod;
        email: string;
        checkoutKey: string;
        shownAmount: number;
        shownRecurringAmount: number;
        shownCurrency: string;
        consent: { terms: true; termsVersion: string; disclosureVersion: string };
        hl: Locale;
      },
      access: ReportAccess,
    ) {
      const open = await openOrder(input.orderNumber, access);
      if ('done' in open) return open.done;
      const { order } = open;
      const prov = d.providers.forMethod(input.method);
      if (!prov?.chargeSaved && !prov?.billsRecurring) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
      const { country, plan } = await d.plans.quote(order.exam_id, input.planId, input.country, input.hl);
      if (
        plan.price.todayAmount !== input.shownAmount ||
        plan.price.amount !== input.shownRecurringAmount ||
        plan.price.currency !== input.shownCurrency
      ) {
        throw new AppError('PRICE_CHANGED');
      }
      const now = d.clock.now();
      return startAttempt(order, prov, {
        ...attemptRow(order, prov, input, now),
        sku_id: plan.includesSkuId,
        plan_id: input.planId,
        country,
        currency: plan.price.currency,
        amount_minor: plan.price.todayAmount,
        consent: JSON.stringify({
          terms: true,
          termsVersion: input.consent.termsVersion,
          disclosureVersion: input.consent.disclosureVersion,
          acceptedAt: iso(now),
          planId: input.planId,
          shownAmount: input.shownAmount,
          shownRecurringAmount: input.shownRecurringAmount,
          shownCurrency: input.shownCurrency,
          trialDays: plan.trialDays,
          interval: plan.interval,
          intervalCount: plan.intervalCount,
        }),
      });
    },

    /** The method the processor kept from an order's first payment, as its owner sees it; null if none. */
    async keptMethod(order: OrderRow): Promise<{ kind: string; label: string } | null> {
      const first = order.paid_payment_id ? await d.repo.find(order.paid_payment_id) : undefined;
      const kept = first ? await keptMethodOf(first) : null;
      return first && kept ? { kind: first.method, label: kept.label } : null;
    },

    /**
     * Buys an extra for a paid order, on the visitor's click. With a method kept from the first payment (and
     * a processor that can charge it) the charge is made at once; otherwise the processor's payment step
     * follows, like a first payment. One purchase per order and extra: a double click, a retry or a second
     * tab return the same payment; only after a failed attempt does a new one start.
     */
    async createExtra(input: {
      order: OrderRow;
      packageId: string;
      amountMinor: number;
      currency: string;
      hl: Locale;
      /**
       * Whether the kept method may be charged on this click: only in the browser that paid (decision 0018).
       * Otherwise the processor's own payment step follows, where the payer confirms with the card or PayPal.
       */
      oneClick: boolean;
    }): Promise<AttemptResult> {
      const { order } = input;
      const first = order.paid_payment_id ? await d.repo.find(order.paid_payment_id) : undefined;
      if (order.status !== 'paid' || !first) throw new AppError('REPORT_LOCKED');
      const tries = await d.repo.forOrderPackage(order.order_number, input.packageId);
      const open = tries.find((t) => t.status !== 'failed' && t.status !== 'canceled');
      const prov = provider(first);
      if (open) {
        // A second click while the first is still being recorded: ask the processor where the charge
        // stands (settling it, once, if it went through) rather than answering with a stale "processing".
        const current = await viaProvider(() => sync(open));
        const next =
          current.status === 'succeeded' || !current.provider_ref
            ? { type: 'none' as const }
            : (await viaProvider(() => prov.resume(current.provider_ref as string, chargeInput(current, order)))).next;
        return { payment: summary(current), orderStatus: order.status, next };
      }
      const now = d.clock.now();
      const checkoutKey = `extra-${input.packageId}-${tries.length}`;
      const row: PaymentRow = {
        ...attemptRow(order, prov, { checkoutKey, method: first.method, email: first.email, hl: input.hl }, now),
        sku_id: first.sku_id,
        package_id: input.packageId,
        country: first.country,
        currency: input.currency,
        amount_minor: input.amountMinor,
        consent: JSON.stringify({ oneClick: true, acceptedAt: iso(now), shownAmount: input.amountMinor }),
      };
      const kept = input.oneClick ? await keptMethodOf(first) : null;
      const chargeSaved = prov.chargeSaved?.bind(prov);
      if (kept && chargeSaved) {
        const state = await viaProvider(() =>
          chargeSaved({
            methodRef: kept.ref,
            idempotencyKey: row.id,
            amountMinor: row.amount_minor,
            currency: row.currency,
            description: chargeInput(row, order).description,
            locale: row.locale,
          }),
        );
        const stored = await d.repo.insertAttempt({
          ...row,
          provider_ref: state.ref,
          // Recorded as open: `apply` below makes the success (once), as for any payment.
          status: state.status === 'succeeded' || state.status === 'approved' ? 'processing' : state.status,
          failure_code: state.failureCode,
        });
        await apply(stored, state);
        const fresh = (await d.repo.find(stored.id)) ?? stored;
        return { payment: summary(fresh), orderStatus: order.status, next: { type: 'none' } };
      }
      return startAttempt(order, prov, row);
    },

    /** The status check: asks the processor when the payment is still open. */
    async check(orderNumber: string, paymentId: string | undefined) {
      const order = await requireOrder(orderNumber);
      let p = paymentId ? await d.repo.find(paymentId) : await d.repo.latestForOrder(orderNumber);
      if (paymentId && (!p || p.order_number !== orderNumber)) throw new AppError('PAYMENT_NOT_FOUND');
      // The order's first payment while the order is open; an extra's payment (the order is paid) until it is.
      if (p && (order.status === 'pending_payment' || (p.package_id !== null && p.status !== 'succeeded'))) {
        const current = p;
        p = await viaProvider(() => sync(current));
      }
      const fresh = await requireOrder(orderNumber);
      return { orderStatus: fresh.status, payment: p ? summary(p) : null };
    },

    /** A processor's webhook: verified over the raw body, recorded once by event id, then acted on. */
    async webhook(providerName: string, raw: Buffer, headers: Record<string, string | string[] | undefined>) {
      const prov = d.providers.byName(providerName);
      if (!prov) throw new AppError('NOT_FOUND');
      let event: Awaited<ReturnType<PaymentProvider['verifyWebhook']>>;
      try {
        event = await prov.verifyWebhook(raw, headers);
      } catch (err) {
        if (err instanceof WebhookSignatureError) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
        if (err instanceof ProviderUnavailableError) throw new AppError('PAYMENT_PROVIDER_ERROR');
        throw err;
      }
      const now = d.clock.now();
      const fresh = await d.repo.recordEvent({ provider: prov.name, ...event }, now);
      if (!fresh) return { received: true, duplicate: true };
      if (event.ref) {
        const p = await d.repo.findByRef(prov.name, event.ref);
        if (p) {
          await sync(p);
          await refundIfDuplicate(p.id);
        }
      }
      // Invoices and subscription changes of a processor that bills plans itself (renewals, failures, ends).
      if (event.subscriptionRef) await d.subscriptions.syncWithProcessor(prov, event.subscriptionRef);
      await d.repo.markEventProcessed(prov.name, event.eventId, d.clock.now());
      return { received: true, duplicate: false };
    },

    /**
     * The checkout state of an order for its screens (read only: prices start the offer countdown). Its
     * address and plan terms are personal: shown to its owner only, null to anyone else.
     */
    async orderCheckout(orderNumber: string, access: ReportAccess): Promise<TOrderCheckout> {
      const order = await d.catalog.requireOrder(orderNumber);
      const owner = owns(order, access);
      const latest = await d.repo.latestForOrder(orderNumber);
      const paid = order.paid_payment_id ? await d.repo.find(order.paid_payment_id) : undefined;
      return {
        orderNumber: order.order_number,
        status: order.status,
        email: owner ? order.email : null,
        offer: d.catalog.offerOf(order, d.clock.now()),
        purchase:
          order.status === 'paid' && order.sku_id && order.currency && order.amount_minor !== null && order.paid_at
            ? {
                skuId: order.sku_id as TSkuId,
                amount: order.amount_minor,
                currency: order.currency,
                paidAt: iso(order.paid_at),
                method: paid?.method ?? 'card',
              }
            : null,
        latestPayment: latest ? summary(latest) : null,
        subscription: owner ? await d.subscriptions.forOrder(orderNumber) : null,
      };
    },
  };
}
export type PaymentService = ReturnType<typeof paymentService>;
