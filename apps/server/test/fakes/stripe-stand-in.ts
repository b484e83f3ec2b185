import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { eventQueue } from './webhook-receiver';

/**
 * A local stand-in for the part of Stripe's API our adapter uses, speaking Stripe's wire format (form-encoded
 * requests, JSON objects with `object` fields, Stripe's error bodies and idempotency rules), so the real SDK
 * can be tested against it without the internet. Tests play the browser (`confirm`) and Stripe's webhook
 * sender (`deliverPending`).
 */

export type TestCard = '4242424242424242' | '4000000000000002' | '4000002500003155' | '4000000000009995';

export interface StandInPaymentError {
  type: string;
  code: string;
  decline_code?: string;
  message: string;
  charge?: string;
}

export interface StandInPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean } | null;
  capture_method: 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: StandInPaymentError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: { type: string } | null;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  status: string;
}

export interface StandInEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

export interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  replayed: boolean;
  status: number;
}

/** Stripe Billing's subscription, as much of it as our adapter reads (periods on the item, API 2025-03+). */
export interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled';
  cancel_at_period_end: boolean;
  trial_end: number | null;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      current_period_start: number;
      current_period_end: number;
      price: {
        product: string;
        unit_amount: number;
        currency: string;
        recurring: { interval: string; interval_count: number };
      };
    }[];
  };
  latest_invoice: string | null;
  metadata: Record<string, string>;
}

export interface StandInInvoice {
  id: string;
  object: 'invoice';
  status: 'open' | 'paid';
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  amount_due: number;
  amount_paid: number;
  currency: string;
  attempt_count: number;
  next_payment_attempt: number | null;
  confirmation_secret: { client_secret: string; type: 'payment_intent' } | null;
  lines: { object: 'list'; data: { period: { start: number; end: number } }[] };
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
}

export interface StripeStandIn {
  apiBase: string;
  paymentIntents: Map<string, StandInPaymentIntent>;
  subscriptions: Map<string, StandInSubscription>;
  invoices: Map<string, StandInInvoice>;
  /** Stripe's billing cycle for one subscription: the next period's invoice, charged off-session. */
  renew(subscriptionId: string, outcome: 'paid' | 'declined'): StandInInvoice;
  /** Stripe gives up (after failed retries) or the period of a cancelled subscription ends. */
  end(subscriptionId: string): StandInSubscription;
  events: StandInEvent[];
  requests: StandInRequest[];
  confirm(piId: string, card: TestCard): StandInPaymentIntent;
  completeAuthentication(piId: string, success: boolean): StandInPaymentIntent;
  /** Delivers queued events; failed ones (refused, non-2xx) stay queued. Resolves to the number delivered. */
  deliverPending(): Promise<number>;
  /** Sends one event again, freshly signed; resolves to the HTTP status (0 when unreachable). */
  replay(eventId: string): Promise<number>;
  /** Sends one event; `tamper` changes the body after signing. Resolves to the HTTP status (0 when unreachable). */
  deliver(event: StandInEvent, options?: { tamper?: boolean }): Promise<number>;
  /** Answers the next `count` API requests with a 500, to exercise the SDK's retries. */
  failNextRequests(count: number): void;
  setWebhookUrl(url: string | undefined): void;
  close(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message ?? 'error'));
  }
}

const id = (prefix: string, length = 24) => `${prefix}_${randomBytes(length).toString('base64url').slice(0, length)}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's bracket notation (`metadata[orderNumber]=x`) to nested objects. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const child = node[part];
      node[part] = typeof child === 'object' && child !== null ? child : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const invalid = (message: string, extra: Record<string, unknown> = {}) =>
  new ApiError(400, { type: 'invalid_request_error', message, ...extra });

/** The server's configuration for Stripe pointed at a stand-in (test keys; the stand-in's signing secret). */
export function stripeEnvFor(standIn: StripeStandIn, webhookSecret: string): Record<string, string> {
  return {
    CARD_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: standIn.apiBase,
  };
}

export async function startStripeStandIn(options: {
  webhookUrl?: string;
  webhookSecret: string;
}): Promise<StripeStandIn> {
  let webhookUrl = options.webhookUrl;
  let failures = 0;
  const paymentIntents = new Map<string, StandInPaymentIntent>();
  const charges = new Map<string, { id: string; payment_intent: string; amount: number; refunded: boolean }>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const subscriptions = new Map<string, StandInSubscription>();
  const invoices = new Map<string, StandInInvoice>();
  /** The invoice each invoice PaymentIntent pays. */
  const invoiceOfIntent = new Map<string, string>();
  const outbox = eventQueue<StandInEvent>((event) => deliver(event));
  const events = outbox.events;
  const requests: StandInRequest[] = [];

  function queue(type: string, object: unknown): void {
    const event: StandInEvent = {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    outbox.queue(event);
  }

  function intent(piId: string): StandInPaymentIntent {
    const pi = paymentIntents.get(piId);
    if (!pi) {
      throw new ApiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${piId}'`,
      });
    }
    return pi;
  }

  function chargeObject(chargeId: string) {
    const c = charges.get(chargeId);
    if (!c) return null;
    const pi = intent(c.payment_intent);
    return {
      id: c.id,
      object: 'charge',
      amount: c.amount,
      amount_refunded: c.refunded ? c.amount : 0,
      currency: pi.currency,
      paid: true,
      payment_intent: c.payment_intent,
      refunded: c.refunded,
      status: 'succeeded',
    };
  }

  function createIntent(params: Record<string, unknown>): StandInPaymentIntent {
    const amount = Number(params.amount);
    if (params.amount === undefined)
      throw invalid('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
    if (!Number.isInteger(amount) || amount < 1)
      throw invalid('Invalid integer: amount', { code: 'parameter_invalid_integer', param: 'amount' });
    if (typeof params.currency !== 'string' || !/^[a-z]{3}$/.test(params.currency)) {
      throw invalid('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    }
    const piId = id('pi');
    const automatic = params.automatic_payment_methods as Record<string, unknown> | undefined;
    const pi: StandInPaymentIntent = {
      id: piId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      automatic_payment_methods: automatic ? { enabled: automatic.enabled === 'true' } : null,
      capture_method: 'automatic_async',
      client_secret: `${piId}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: now(),
      currency: params.currency,
      description: typeof params.description === 'string' ? params.description : null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      next_action: null,
      payment_method: null,
      payment_method_types: ['card'],
      receipt_email: typeof params.receipt_email === 'string' ? params.receipt_email : null,
      status: 'requires_payment_method',
    };
    paymentIntents.set(piId, pi);
    return pi;
  }

  const PERIOD_SECONDS: Record<string, number> = {
    day: 86_400,
    week: 7 * 86_400,
    month: 30 * 86_400,
    year: 365 * 86_400,
  };

  function subscription(subId: string): StandInSubscription {
    const sub = subscriptions.get(subId);
    if (!sub) {
      throw new ApiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such subscription: '${subId}'`,
      });
    }
    return sub;
  }

  function withExpand(sub: StandInSubscription, params: Record<string, unknown>): unknown {
    const expand = Object.values((params.expand as Record<string, string> | undefined) ?? {});
    if (!expand.some((e) => e.startsWith('latest_invoice')) || !sub.latest_invoice) return sub;
    return { ...sub, latest_invoice: invoices.get(sub.latest_invoice) };
  }

  function newInvoice(
    sub: StandInSubscription,
    reason: StandInInvoice['billing_reason'],
    amount: number,
    period: { start: number; end: number },
  ): { invoice: StandInInvoice; pi: StandInPaymentIntent } {
    const currency = sub.items.data[0]?.price.currency ?? 'usd';
    const pi = createIntent({ amount: String(amount), currency, metadata: {} });
    const invoice: StandInInvoice = {
      id: id('in'),
      object: 'invoice',
      status: 'open',
      billing_reason: reason,
      amount_due: amount,
      amount_paid: 0,
      currency,
      attempt_count: 0,
      next_payment_attempt: null,
      confirmation_secret: { client_secret: pi.client_secret, type: 'payment_intent' },
      lines: { object: 'list', data: [{ period }] },
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    };
    invoices.set(invoice.id, invoice);
    invoiceOfIntent.set(pi.id, invoice.id);
    sub.latest_invoice = invoice.id;
    return { invoice, pi };
  }

  function createSubscription(params: Record<string, unknown>): unknown {
    const items = Object.values((params.items as Record<string, { price_data: Record<string, unknown> }>) ?? {});
    const priceData = items[0]?.price_data;
    if (typeof params.customer !== 'string' || !priceData?.product)
      throw invalid('Missing required param: items[0][price_data][product].');
    const recurring = priceData.recurring as { interval: string; interval_count?: string };
    const start = now();
    const trialDays = Number(params.trial_period_days ?? 0);
    const periodEnd =
      trialDays > 0
        ? start + trialDays * 86_400
        : start + (PERIOD_SECONDS[recurring.interval] ?? 0) * Number(recurring.interval_count ?? 1);
    const sub: StandInSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer: params.customer,
      status: 'incomplete',
      cancel_at_period_end: false,
      trial_end: trialDays > 0 ? periodEnd : null,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            current_period_start: start,
            current_period_end: periodEnd,
            price: {
              product: String(priceData.product),
              unit_amount: Number(priceData.unit_amount),
              currency: String(priceData.currency),
              recurring: { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) },
            },
          },
        ],
      },
      latest_invoice: null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
    };
    subscriptions.set(sub.id, sub);
    // A paid trial: the first invoice carries the trial's invoice item; without a trial, the first period.
    const extra = Object.values(
      (params.add_invoice_items as Record<string, { price_data: { unit_amount: string } }>) ?? {},
    ).reduce((sum, i) => sum + Number(i.price_data.unit_amount), 0);
    const amount = trialDays > 0 ? extra : Number(priceData.unit_amount) + extra;
    newInvoice(sub, 'subscription_create', amount, { start, end: periodEnd });
    queue('customer.subscription.created', sub);
    return withExpand(sub, params);
  }

  function updateSubscription(subId: string, params: Record<string, unknown>): unknown {
    const sub = subscription(subId);
    if (sub.status === 'canceled') throw invalid('A canceled subscription can only update its metadata.');
    if (params.cancel_at_period_end !== undefined) sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
    const item = sub.items.data[0];
    const items = Object.values(
      (params.items as Record<string, { id: string; price_data?: Record<string, unknown> }>) ?? {},
    );
    const priceData = items.find((i) => i.id === item?.id)?.price_data;
    if (item && priceData) {
      const recurring = priceData.recurring as { interval: string; interval_count?: string };
      item.price = {
        product: String(priceData.product ?? item.price.product),
        unit_amount: Number(priceData.unit_amount),
        currency: String(priceData.currency),
        recurring: { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) },
      };
    }
    const anchorNow = (params.billing_cycle_anchor as { type?: string } | undefined)?.type === 'now';
    const trialEndsNow = params.trial_end === 'now' && sub.status === 'trialing';
    if (trialEndsNow) sub.trial_end = now();
    // Billed now, on the kept card (as Stripe does with billing_cycle_anchor=now or trial_end=now).
    if ((anchorNow || trialEndsNow) && item) {
      const start = now();
      const end = start + (PERIOD_SECONDS[item.price.recurring.interval] ?? 0) * item.price.recurring.interval_count;
      Object.assign(item, { current_period_start: start, current_period_end: end });
      const { pi } = newInvoice(sub, 'subscription_update', item.price.unit_amount, { start, end });
      settle(pi, 'succeeded');
    }
    queue('customer.subscription.updated', sub);
    return withExpand(sub, params);
  }

  /** The invoice a settled PaymentIntent pays: paid, and its subscription running. */
  function settleInvoice(pi: StandInPaymentIntent): void {
    const invoiceId = invoiceOfIntent.get(pi.id);
    const invoice = invoiceId ? invoices.get(invoiceId) : undefined;
    if (!invoice) return;
    const sub = subscription(invoice.parent.subscription_details.subscription);
    invoice.attempt_count += 1;
    if (pi.status === 'succeeded') {
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, next_payment_attempt: null });
      sub.status =
        sub.trial_end && sub.trial_end > now() && invoice.billing_reason === 'subscription_create'
          ? 'trialing'
          : 'active';
      queue('invoice.paid', invoice);
    } else {
      invoice.next_payment_attempt = now() + 86_400;
      if (invoice.billing_reason !== 'subscription_create') sub.status = 'past_due';
      queue('invoice.payment_failed', invoice);
    }
    queue('customer.subscription.updated', sub);
  }

  function createRefund(params: Record<string, unknown>) {
    if (typeof params.payment_intent !== 'string') throw invalid('Missing required param: payment_intent.');
    const pi = intent(params.payment_intent);
    const c = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
    if (pi.status !== 'succeeded' || !c) {
      throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`);
    }
    if (c.refunded) throw invalid(`Charge ${c.id} has already been refunded.`, { code: 'charge_already_refunded' });
    c.refunded = true;
    queue('charge.refunded', chargeObject(c.id));
    return {
      id: id('re'),
      object: 'refund',
      amount: c.amount,
      charge: c.id,
      created: now(),
      currency: pi.currency,
      payment_intent: pi.id,
      status: 'succeeded',
    };
  }

  function route(method: string, path: string, params: Record<string, unknown>): unknown {
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params);
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && match?.[1]) return intent(decodeURIComponent(match[1]));
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    if (method === 'POST' && path === '/v1/customers')
      return { id: id('cus'), object: 'customer', email: params.email };
    if (method === 'POST' && path === '/v1/products') return { id: id('prod'), object: 'product', name: params.name };
    if (method === 'POST' && path === '/v1/subscriptions') return createSubscription(params);
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sub?.[1]) return withExpand(subscription(decodeURIComponent(sub[1])), params);
    if (method === 'POST' && sub?.[1]) return updateSubscription(decodeURIComponent(sub[1]), params);
    throw new ApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const raw = await readBody(req);
    const keyHeader = req.headers['idempotency-key'];
    const key = typeof keyHeader === 'string' ? keyHeader : null;
    const send = (status: number, body: string, replayed = false) => {
      requests.push({ method, path, idempotencyKey: key, replayed, status });
      const headers: Record<string, string> = { 'content-type': 'application/json', 'request-id': id('req', 14) };
      if (key) headers['idempotency-key'] = key;
      if (replayed) headers['idempotent-replayed'] = 'true';
      res.writeHead(status, headers).end(body);
    };
    if (failures > 0) {
      failures -= 1;
      send(500, JSON.stringify({ error: { type: 'api_error', message: 'Stand-in failure, as asked.' } }));
      return;
    }
    if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) {
      send(
        401,
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'You did not provide an API key.' } }),
      );
      return;
    }
    const params = method === 'POST' ? parseForm(raw) : parseForm((req.url ?? '').split('?')[1] ?? '');
    // The SDK encodes the same parameters the same way, so the raw body identifies them.
    const fingerprint = `${method} ${path} ${raw}`;
    if (key && method === 'POST') {
      const stored = idempotent.get(key);
      if (stored && stored.fingerprint !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
        send(400, JSON.stringify({ error: { type: 'idempotency_error', message } }));
        return;
      }
      if (stored) {
        send(stored.status, stored.body, true);
        return;
      }
    }
    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(route(method, path, params));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      status = err.status;
      body = JSON.stringify({ error: err.body });
    }
    // Like Stripe, only requests that got past validation are saved for replay.
    if (key && method === 'POST' && (status === 200 || status === 402))
      idempotent.set(key, { fingerprint, status, body });
    send(status, body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  async function deliver(event: StandInEvent, deliverOptions: { tamper?: boolean } = {}): Promise<number> {
    if (!webhookUrl) return 0;
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    // The signature covers the original bytes; any change after signing must be caught by the receiver.
    const body = deliverOptions.tamper
      ? payload.replace('"object":"event"', '"object":"event","tampered":true')
      : payload;
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  function settle(pi: StandInPaymentIntent, outcome: 'succeeded' | StandInPaymentError): StandInPaymentIntent {
    const chargeId = id('ch');
    pi.latest_charge = chargeId;
    pi.next_action = null;
    if (outcome === 'succeeded') {
      charges.set(chargeId, { id: chargeId, payment_intent: pi.id, amount: pi.amount, refunded: false });
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, last_payment_error: null });
      queue('payment_intent.succeeded', pi);
    } else {
      Object.assign(pi, { status: 'requires_payment_method', payment_method: null, last_payment_error: outcome });
      if (outcome.type === 'card_error') outcome.charge = chargeId;
      queue('payment_intent.payment_failed', pi);
    }
    settleInvoice(pi);
    return pi;
  }

  return {
    apiBase: `http://127.0.0.1:${port}`,
    paymentIntents,
    subscriptions,
    invoices,
    renew(subscriptionId, outcome) {
      const sub = subscription(subscriptionId);
      const item = sub.items.data[0];
      if (!item) throw new Error('subscription without item');
      const start = item.current_period_end;
      const end = start + (PERIOD_SECONDS[item.price.recurring.interval] ?? 0) * item.price.recurring.interval_count;
      const { invoice, pi } = newInvoice(sub, 'subscription_cycle', item.price.unit_amount, { start, end });
      if (outcome === 'paid') {
        Object.assign(item, { current_period_start: start, current_period_end: end });
        settle(pi, 'succeeded');
      } else {
        settle(pi, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        });
      }
      return invoice;
    },
    end(subscriptionId) {
      const sub = subscription(subscriptionId);
      sub.status = 'canceled';
      queue('customer.subscription.deleted', sub);
      return sub;
    },
    events,
    requests,
    confirm(piId, card) {
      const pi = intent(piId);
      if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_confirmation') {
        throw new Error(`cannot confirm ${piId} in status ${pi.status}`);
      }
      pi.payment_method = id('pm');
      if (card === '4242424242424242') return settle(pi, 'succeeded');
      if (card === '4000002500003155') {
        Object.assign(pi, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
        queue('payment_intent.requires_action', pi);
        return pi;
      }
      const declineCode = card === '4000000000009995' ? 'insufficient_funds' : 'generic_decline';
      const message =
        declineCode === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.';
      return settle(pi, { type: 'card_error', code: 'card_declined', decline_code: declineCode, message });
    },
    completeAuthentication(piId, success) {
      const pi = intent(piId);
      if (pi.status !== 'requires_action') throw new Error(`${piId} is not waiting for authentication`);
      if (success) return settle(pi, 'succeeded');
      return settle(pi, {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'The provided PaymentMethod has failed authentication.',
      });
    },
    deliverPending: outbox.deliverPending,
    replay: outbox.replay,
    deliver,
    failNextRequests(count) {
      failures = count;
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
