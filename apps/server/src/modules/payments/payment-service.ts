import type {
  Locale,
  TNextAction,
  TOrderCheckout,
  TPaymentMethod,
  TPaymentSummary,
  TPlanId,
  TSkuId,
} from '@mindgauge/contract';
import { AppError } from '../../lib/app-error';
import { keyedId } from '../../lib/ids';
import type { Order as OrderRow } from '../exam/exam-orders';
import { mayRead, type ReportAccess } from '../exam/report-access';
import { chargeInputs, summary } from './charge-input';
import type { PaymentDeps } from './payment-deps';
import type { PaymentRow } from './payment-repository';
import { paymentSettlement } from './payment-settlement';
import { callProvider } from './providers/call-provider';
import type { PaymentProvider } from './providers/payment-provider';

export type { PaymentDeps, PlanQuotes, SubscriptionsOfOrders } from './payment-deps';

const iso = (ms: number) => new Date(ms).toISOString();

/** What starting a payment answers: the payment, the order's state, and what the browser does next. */
export interface AttemptResult {
  payment: TPaymentSummary;
  orderStatus: OrderRow['status'];
  next: TNextAction;
}

export function paymentService(d: PaymentDeps) {
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

  const { apply, sync, refundIfDuplicate, webhook } = paymentSettlement(d, { provider, requireOrder });
  const { chargeInput } = chargeInputs(d);

  /** The method the processor kept from a first payment, if it kept one and can charge it. */
  async function keptMethodOf(first: PaymentRow): Promise<{ ref: string; label: string } | null> {
    const prov = provider(first);
    const ref = first.provider_ref;
    if (!ref || !prov.chargeSaved) return null;
    const state = await viaProvider(() => prov.retrieve(ref));
    return state.savedMethodRef ? { ref: state.savedMethodRef, label: state.savedMethodLabel ?? first.method } : null;
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
      landing_variant: order.landing_variant,
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

    /** The funnel's payment counts (the console). */
    funnelCounts: (from: number, to: number) => d.repo.funnelCounts(from, to),

    /** An order's payments and the processor events about them (the operator's view of an order). */
    async historyOf(orderNumber: string) {
      const payments = await d.repo.ofOrder(orderNumber);
      const refs = payments.flatMap((p) => (p.provider_ref ? [p.provider_ref] : []));
      return { payments, events: await d.repo.eventsOf(refs) };
    },

    /**
     * Refunds the payment that paid an order, through its processor, exactly once: of many concurrent calls
     * only the first marks it (a guarded update) and asks the processor; the others report where it stands.
     * A crash between the two leaves it pending, and the reconciler finishes it.
     */
    async refundOrderPayment(orderNumber: string): Promise<{ changed: boolean; refund: 'pending' | 'refunded' }> {
      const order = await requireOrder(orderNumber);
      const paid = order.paid_payment_id ? await d.repo.find(order.paid_payment_id) : undefined;
      if (paid?.status !== 'succeeded') throw new AppError('NOT_REFUNDABLE');
      const changed = await d.repo.requestRefund(paid.id, d.clock.now());
      if (changed) await viaProvider(() => refundIfDuplicate(paid.id));
      const now = await d.repo.find(paid.id);
      return { changed, refund: now?.refund_status === 'refunded' ? 'refunded' : 'pending' };
    },

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
      const { country, plan } = await d.plans.quote(order.exam_id, input.planId, input.country, input.hl, order);
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

    webhook,

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
