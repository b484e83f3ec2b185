import type { Locale } from '@mindgauge/contract';
import { parseJsonColumn } from '../../db/json-column';
import { AppError } from '../../lib/app-error';
import type { Order as OrderRow } from '../exam/exam-orders';
import type { TemplatePayload } from '../mail/templates';
import type { PaymentDeps } from './payment-deps';
import { ZStoredConsent } from './payment-json';
import type { PaymentRow } from './payment-repository';
import {
  type PaymentProvider,
  type ProviderPaymentState,
  ProviderUnavailableError,
  WebhookSignatureError,
} from './providers/payment-provider';
import { settleInTransaction } from './settle-payment';

/**
 * A payment's success acted on: the paid transition (or an extra's) once, announced to the modules that react
 * (decision 0017), a duplicate given back, a mismatched amount refused. Every path that learns a payment's
 * state (status check, webhook, reconciliation, one-click charge) ends here.
 */
export function paymentSettlement(
  d: PaymentDeps,
  h: { provider: (p: PaymentRow) => PaymentProvider; requireOrder: (orderNumber: string) => Promise<OrderRow> },
) {
  const { provider, requireOrder } = h;

  /** The report e-mail: the receipt of the payment and the report's own link, in a language. */
  const reportMail = (
    order: Pick<OrderRow, 'order_number' | 'exam_id'>,
    p: PaymentRow,
    locale: string,
    paidAt: number,
  ): TemplatePayload<'reportReady'> => ({
    orderNumber: order.order_number,
    skuId: p.sku_id,
    examId: order.exam_id,
    amountMinor: p.amount_minor,
    currency: p.currency,
    method: p.method,
    paidAt,
    reportUrl: d.links.forOrder(order, locale),
    expiresInDays: d.links.days,
  });

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

  /**
   * Gives back a payment marked for a refund: a second successful payment for a paid order (two tabs, two
   * methods), or one an operator refunded. The reconciler repeats it for any left pending by a crash.
   */
  async function refundIfDuplicate(paymentId: string): Promise<void> {
    const p = await d.repo.find(paymentId);
    if (p?.refund_status !== 'pending' || !p.provider_ref) return;
    const ref = p.provider_ref;
    await provider(p).refund(ref);
    await d.repo.markRefunded(p.id, d.clock.now());
    d.log?.info({ payment: p.id, order: p.order_number }, 'payment refunded');
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

  /** A processor's webhook: verified over the raw body, recorded once by event id, then acted on. */
  async function webhook(providerName: string, raw: Buffer, headers: Record<string, string | string[] | undefined>) {
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
  }

  return { apply, sync, refundIfDuplicate, webhook };
}
