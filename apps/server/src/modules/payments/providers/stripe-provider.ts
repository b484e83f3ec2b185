import type { TNextAction } from '@mindgauge/contract';
import Stripe from 'stripe';
import {
  type CreateChargeInput,
  type PaymentProvider,
  type ProcessorSubscriptionState,
  type ProviderCharge,
  type ProviderEvent,
  type ProviderPaymentState,
  type ProviderStatus,
  ProviderUnavailableError,
  type RecurringTerms,
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

  /**
   * A plan through Stripe Billing: a customer, a product, and a subscription with the plan's price and trial
   * days; a paid trial is an invoice item on the first invoice. The subscription starts incomplete and its
   * first invoice's PaymentIntent is confirmed by the Payment Element like any payment. Every call is keyed
   * by our payment id, so a retried checkout makes nothing twice.
   */
  async function startSubscription(input: CreateChargeInput, terms: RecurringTerms): Promise<ProviderCharge> {
    const currency = input.currency.toLowerCase();
    const key = input.paymentId;
    try {
      const customer = await stripe.customers.create(
        { email: input.email, metadata: { orderNumber: input.orderNumber } },
        { idempotencyKey: `customer-${key}` },
      );
      const product = await stripe.products.create(
        { name: `Mindgauge — ${terms.title}`, metadata: { planId: terms.planId } },
        { idempotencyKey: `product-${key}` },
      );
      const sub = await stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [
            {
              price_data: {
                currency,
                product: product.id,
                unit_amount: toStripeAmount(terms.amountMinor, input.currency),
                recurring: {
                  interval:
                    terms.interval.toLowerCase() as Stripe.SubscriptionCreateParams.Item.PriceData.Recurring.Interval,
                  interval_count: terms.intervalCount,
                },
              },
            },
          ],
          ...(terms.trialDays > 0
            ? {
                trial_period_days: terms.trialDays,
                add_invoice_items: [
                  {
                    price_data: {
                      currency,
                      product: product.id,
                      unit_amount: toStripeAmount(input.amountMinor, input.currency),
                    },
                  },
                ],
              }
            : {}),
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.confirmation_secret'],
          metadata: { orderNumber: input.orderNumber, paymentId: input.paymentId },
        },
        { idempotencyKey: `subscription-${key}` },
      );
      const invoice = sub.latest_invoice as Stripe.Invoice | null;
      const secret = invoice?.confirmation_secret?.client_secret;
      // A PaymentIntent's client secret is `{id}_secret_{…}`: the first invoice's payment is that intent.
      const piId = secret?.split('_secret_')[0];
      if (!piId) throw new ProviderUnavailableError(`stripe subscription ${sub.id} has no first payment`);
      return { ...charge(await retrieveIntent(piId)), subscriptionRef: sub.id };
    } catch (err) {
      throw wrapError(err, 'subscription create');
    }
  }

  return {
    name: 'stripe',

    billsRecurring: true,

    async createCharge(input: CreateChargeInput): Promise<ProviderCharge> {
      if (input.method !== 'card') throw new Error(`stripe provider cannot take method ${input.method}`);
      if (input.recurring) return startSubscription(input, input.recurring);
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

    async retrieveSubscription(ref: string): Promise<ProcessorSubscriptionState> {
      try {
        return subscriptionState(await stripe.subscriptions.retrieve(ref, { expand: ['latest_invoice'] }));
      } catch (err) {
        throw wrapError(err, 'subscription retrieve');
      }
    },

    async cancelSubscription(ref: string): Promise<void> {
      try {
        await stripe.subscriptions.update(ref, { cancel_at_period_end: true });
      } catch (err) {
        // Already ended at Stripe: nothing more can be charged, which is what cancelling asks.
        if (err instanceof Stripe.errors.StripeError && err.code === 'resource_missing') return;
        throw wrapError(err, 'subscription cancel');
      }
    },

    async billSubscriptionNow(ref: string, terms?: RecurringTerms & { currency: string }): Promise<void> {
      try {
        if (!terms) {
          await stripe.subscriptions.update(
            ref,
            { trial_end: 'now', proration_behavior: 'none' },
            { idempotencyKey: `end-trial-${ref}` },
          );
          return;
        }
        const sub = await stripe.subscriptions.retrieve(ref);
        const item = sub.items.data[0];
        if (!item) throw new ProviderUnavailableError(`stripe subscription ${ref} has no item`);
        const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
        const params: Stripe.SubscriptionUpdateParams = {
          items: [
            {
              id: item.id,
              price_data: {
                currency: terms.currency.toLowerCase(),
                product,
                unit_amount: toStripeAmount(terms.amountMinor, terms.currency),
                recurring: {
                  interval:
                    terms.interval.toLowerCase() as Stripe.SubscriptionUpdateParams.Item.PriceData.Recurring.Interval,
                  interval_count: terms.intervalCount,
                },
              },
            },
          ],
          billing_cycle_anchor: { type: 'now' },
          proration_behavior: 'none',
        };
        if (sub.status === 'trialing') params.trial_end = 'now';
        await stripe.subscriptions.update(ref, params, { idempotencyKey: `plan-${ref}-${terms.planId}` });
      } catch (err) {
        throw wrapError(err, 'subscription update');
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
      return {
        eventId: event.id,
        type: event.type,
        ref: eventRef(event.type, event.data.object),
        subscriptionRef: eventSubscription(event),
      };
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

/** The subscription an invoice or subscription event concerns. */
function eventSubscription(event: Stripe.Event): string | null {
  if (event.type.startsWith('customer.subscription.')) return (event.data.object as Stripe.Subscription).id;
  if (event.type.startsWith('invoice.')) return invoiceSubscription(event.data.object as Stripe.Invoice);
  return null;
}

function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const sub = invoice.parent?.subscription_details?.subscription;
  if (!sub) return null;
  return typeof sub === 'string' ? sub : sub.id;
}

const INTERVALS = new Set(['trialing', 'active', 'past_due', 'canceled', 'incomplete']);

/** Stripe's subscription reduced to what our records follow; periods are on the item since API 2025-03. */
function subscriptionState(sub: Stripe.Subscription): ProcessorSubscriptionState {
  const item = sub.items.data[0];
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  const line = invoice?.lines.data[0];
  const status = INTERVALS.has(sub.status)
    ? (sub.status as ProcessorSubscriptionState['status'])
    : sub.status === 'unpaid' || sub.status === 'incomplete_expired'
      ? 'canceled'
      : 'past_due';
  return {
    ref: sub.id,
    status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodStart: (item?.current_period_start ?? 0) * 1000,
    currentPeriodEnd: (item?.current_period_end ?? 0) * 1000,
    latestInvoice: invoice
      ? {
          id: invoice.id ?? '',
          status: (invoice.status ?? 'draft') as NonNullable<ProcessorSubscriptionState['latestInvoice']>['status'],
          billingReason: invoice.billing_reason ?? '',
          amountMinor: fromStripeAmount(
            invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
            invoice.currency,
          ),
          currency: invoice.currency.toUpperCase(),
          attemptCount: invoice.attempt_count,
          nextAttemptAt: invoice.next_payment_attempt ? invoice.next_payment_attempt * 1000 : null,
          periodStart: (line?.period.start ?? 0) * 1000,
          periodEnd: (line?.period.end ?? 0) * 1000,
        }
      : null,
  };
}
