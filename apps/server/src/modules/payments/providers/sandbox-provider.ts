import type { SandboxPayment, SandboxProcessor } from '../sandbox/sandbox-processor';
import { SIGNATURE_HEADER } from '../sandbox/sandbox-processor';
import {
  type CreateChargeInput,
  type PaymentProvider,
  type ProviderCharge,
  type ProviderPaymentState,
  type ProviderStatus,
  WebhookSignatureError,
} from './payment-provider';

const STATUS: Record<SandboxPayment['status'], ProviderStatus> = {
  requires_payment_method: 'requires_action',
  requires_action: 'requires_action',
  approved: 'approved',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'canceled',
};

/** Where the processor's own pages live (served by sandbox-routes.ts), like Stripe's or PayPal's domains. */
export const SANDBOX_PREFIX = '/sandbox-processor';

function state(p: SandboxPayment): ProviderPaymentState {
  return {
    ref: p.id,
    status: STATUS[p.status],
    amountMinor: p.amount_minor,
    currency: p.currency,
    failureCode: p.failure_code,
    savedMethodRef: p.payment_method_id,
    savedMethodLabel: p.payment_method_id
      ? p.kind === 'paypal'
        ? 'PayPal'
        : `${p.card_brand ?? 'card'} •••• ${p.card_last4 ?? ''}`
      : null,
  };
}

function charge(p: SandboxPayment): ProviderCharge {
  const hl = encodeURIComponent(p.locale);
  return {
    ref: p.id,
    status: STATUS[p.status],
    next:
      p.kind === 'card'
        ? { type: 'frame', url: `${SANDBOX_PREFIX}/pay/${p.id}?hl=${hl}` }
        : { type: 'redirect', url: `${SANDBOX_PREFIX}/paypal/${p.id}?hl=${hl}` },
  };
}

/** The default processor: card and PayPal in test mode, in-process, asynchronous like the real ones. */
export function sandboxProvider(processor: SandboxProcessor): PaymentProvider {
  async function require(ref: string): Promise<SandboxPayment> {
    const p = await processor.get(ref);
    if (!p) throw new Error(`sandbox payment ${ref} not found`);
    return p;
  }
  return {
    name: 'sandbox',
    async createCharge(input: CreateChargeInput) {
      const p = await processor.create({
        idempotencyKey: input.paymentId,
        kind: input.method,
        amountMinor: input.amountMinor,
        currency: input.currency,
        description: input.description,
        locale: input.locale,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        saveMethod: input.saveMethod ?? false,
      });
      return charge(p);
    },
    async resume(ref) {
      return charge(await require(ref));
    },
    async retrieve(ref) {
      return state(await require(ref));
    },
    async capture(ref) {
      await processor.capture(ref);
      return state(await require(ref));
    },
    async refund(ref) {
      await processor.refund(ref);
    },
    async chargeSaved(input) {
      return state(await processor.chargeSaved(input));
    },
    async verifyWebhook(raw, headers) {
      const header = headers[SIGNATURE_HEADER];
      const event = processor.verify(raw, typeof header === 'string' ? header : undefined);
      if (!event?.id || !event.type) throw new WebhookSignatureError();
      return { eventId: event.id, type: event.type, ref: event.data?.payment?.id ?? null };
    },
  };
}
