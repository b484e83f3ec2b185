import type { TNextAction } from '@mindgauge/contract';
import Stripe from 'stripe';
import {
  type CreateChargeInput,
  type PaymentProvider,
  type ProviderCharge,
  type ProviderEvent,
  type ProviderPaymentState,
  type ProviderStatus,
  ProviderUnavailableError,
  STRIPE_ZERO_DECIMAL,
  WebhookSignatureError,
} from './payment-provider';

export interface StripeProviderConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** e.g. `http://127.0.0.1:12345` for a local stand-in; unset = Stripe's real API. */
  apiBase?: string;
}

/** Pinned so a Stripe account upgrade never changes the shapes we read; the installed SDK's own version. */
const API_VERSION = '2026-10-28.endive' as const;

/** Signatures older than this are refused (Stripe's own default), which limits replays of a captured request. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Our ×100 minor units to Stripe's: zero-decimal currencies are counted in whole units. */
export function toStripeAmount(amountMinor: number, currency: string): number {
  return STRIPE_ZERO_DECIMAL.has(currency.toUpperCase()) ? Math.round(amountMinor / 100) : amountMinor;
}

/** Stripe's amount back to our ×100 minor units. */
export function fromStripeAmount(amount: number, currency: string): number {
  return STRIPE_ZERO_DECIMAL.has(currency.toUpperCase()) ? amount * 100 : amount;
}

/** Points the SDK at a stand-in when asked; the SDK only takes host, port and protocol separately. */
function hostOptions(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * Card declines are the visitor's business and carry a decline code we pass on; every other SDK error
 * (connection, authentication, rate limit, bad request, idempotency conflict) means we cannot go on now.
 */
function wrapError(err: unknown, action: string): unknown {
  if (err instanceof Stripe.errors.StripeCardError) return err;
  if (err instanceof Stripe.errors.StripeError) {
    return new ProviderUnavailableError(`stripe ${action} failed: ${err.message}`, { cause: err });
  }
  return err;
}

function mapStatus(pi: Stripe.PaymentIntent): { status: ProviderStatus; failureCode: string | null } {
  switch (pi.status) {
    case 'succeeded':
      return { status: 'succeeded', failureCode: null };
    case 'processing':
    case 'requires_capture':
      return { status: 'processing', failureCode: null };
    case 'requires_action':
    case 'requires_confirmation':
      return { status: 'requires_action', failureCode: null };
    case 'requires_payment_method': {
      // Without a last error the visitor simply has not tried yet; with one, the last attempt failed.
      const error = pi.last_payment_error;
      if (!error) return { status: 'requires_action', failureCode: null };
      // One vocabulary for every processor: a failed 3-D Secure is `authentication_failed` everywhere.
      const code = error.decline_code ?? error.code ?? 'card_declined';
      return {
        status: 'failed',
        failureCode: code === 'payment_intent_authentication_failure' ? 'authentication_failed' : code,
      };
    }
    case 'canceled':
      return { status: 'canceled', failureCode: 'canceled' };
    default:
      // A status added by a later API version: waiting is the safe reading until we know better.
      return { status: 'processing', failureCode: null };
  }
}

export function stripeProvider(config: StripeProviderConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    apiVersion: API_VERSION,
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    ...hostOptions(config.apiBase),
  });

  function charge(pi: Stripe.PaymentIntent): ProviderCharge {
    if (!pi.client_secret) throw new ProviderUnavailableError(`stripe payment intent ${pi.id} has no client secret`);
    // The stripe action even when already paid: the caller looks at the status and decides what to show.
    const next: TNextAction = { type: 'stripe', clientSecret: pi.client_secret, publishableKey: config.publishableKey };
    return { ref: pi.id, status: mapStatus(pi).status, next };
  }

  function state(pi: Stripe.PaymentIntent): ProviderPaymentState {
    const { status, failureCode } = mapStatus(pi);
    return {
      ref: pi.id,
      status,
      amountMinor: fromStripeAmount(pi.amount, pi.currency),
      currency: pi.currency.toUpperCase(),
      failureCode,
    };
  }

  async function retrieveIntent(ref: string): Promise<Stripe.PaymentIntent> {
    try {
      return await stripe.paymentIntents.retrieve(ref);
    } catch (err) {
      throw wrapError(err, 'retrieve');
    }
  }

  return {
    name: 'stripe',

    async createCharge(input: CreateChargeInput): Promise<ProviderCharge> {
      if (input.method !== 'card') throw new Error(`stripe provider cannot take method ${input.method}`);
      let pi: Stripe.Response<Stripe.PaymentIntent>;
      try {
        pi = await stripe.paymentIntents.create(
          {
            amount: toStripeAmount(input.amountMinor, input.currency),
            currency: input.currency.toLowerCase(),
            automatic_payment_methods: { enabled: true },
            receipt_email: input.email,
            description: input.description,
            metadata: { orderNumber: input.orderNumber, paymentId: input.paymentId },
          },
          { idempotencyKey: input.paymentId },
        );
      } catch (err) {
        throw wrapError(err, 'create');
      }
      // A replayed create returns the intent as it was when first created; its status may have moved on.
      if (pi.lastResponse?.headers?.['idempotent-replayed'] === 'true') return charge(await retrieveIntent(pi.id));
      return charge(pi);
    },

    async resume(ref: string): Promise<ProviderCharge> {
      return charge(await retrieveIntent(ref));
    },

    async retrieve(ref: string): Promise<ProviderPaymentState> {
      return state(await retrieveIntent(ref));
    },

    async capture(ref: string): Promise<ProviderPaymentState> {
      // PaymentIntents are created with automatic capture, so there is nothing to capture.
      return state(await retrieveIntent(ref));
    },

    async refund(ref: string): Promise<void> {
      try {
        await stripe.refunds.create({ payment_intent: ref }, { idempotencyKey: `refund-${ref}` });
      } catch (err) {
        // Refunded some other way (the dashboard, an earlier key): the goal is reached.
        if (err instanceof Stripe.errors.StripeError && err.code === 'charge_already_refunded') return;
        throw wrapError(err, 'refund');
      }
    },

    async verifyWebhook(rawBody, headers): Promise<ProviderEvent> {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '')
        throw new WebhookSignatureError('missing stripe-signature');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : undefined);
      }
      return { eventId: event.id, type: event.type, ref: eventRef(event.type, event.data.object) };
    },
  };
}

/** Which PaymentIntent an event concerns: the object itself, or the charge's intent. */
function eventRef(type: string, object: unknown): string | null {
  if (typeof object !== 'object' || object === null) return null;
  const field = type.startsWith('payment_intent.') ? 'id' : type.startsWith('charge.') ? 'payment_intent' : null;
  if (!field) return null;
  const value: unknown = (object as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : null;
}
