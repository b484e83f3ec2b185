import { type Locale, skuTextKey, type TPaymentSummary, type TPlanId, type TSkuId } from '@mindgauge/contract';
import { parseJsonColumn } from '../../db/json-column';
import { pageUrl } from '../../lib/page-url';
import type { Order as OrderRow } from '../exam/exam-orders';
import type { PaymentDeps } from './payment-deps';
import { ZStoredPlanConsent } from './payment-json';
import type { PaymentRow } from './payment-repository';
import type { RecurringTerms } from './providers/payment-provider';

/** A payment as the browser sees it. */
export function summary(p: PaymentRow): TPaymentSummary {
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

/** What a processor is asked to charge for a payment: amount, description, return pages, a plan's terms. */
export function chargeInputs(d: Pick<PaymentDeps, 'translator' | 'publicUrl'>) {
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

  function chargeInput(p: PaymentRow, order: OrderRow) {
    const back = { order: p.order_number, payment: p.id, hl: p.locale };
    const title = p.package_id
      ? `catalog:packages.${p.package_id}.title`
      : p.plan_id
        ? `catalog:plans.${p.plan_id}.title`
        : `${skuTextKey(order.exam_id, p.sku_id ?? 'sku1')}.title`;
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

  return { chargeInput };
}
