/**
 * PayPal Orders v2 over plain `fetch`, not `@paypal/paypal-server-sdk`: the SDK (2.5.0) builds every URL from
 * a private `getBaseUri` that knows only two environments (Production → api-m.paypal.com, Sandbox →
 * api-m.sandbox.paypal.com) and has no custom-URL option, so it cannot reach a local stand-in without
 * overriding its axios adapter or agents through `unstable_httpClientOptions`; it also has no call for
 * `/v1/notifications/verify-webhook-signature`, which we need anyway. The REST API is small and documented:
 * OAuth client credentials (token cached until shortly before it expires), JSON bodies, `PayPal-Request-Id`
 * for idempotency.
 */
import type { TNextAction } from '@mindgauge/contract';
import {
  type CreateChargeInput,
  PAYPAL_NO_DECIMAL,
  type PaymentProvider,
  type ProviderCharge,
  type ProviderEvent,
  type ProviderPaymentState,
  type ProviderStatus,
  ProviderUnavailableError,
  WebhookSignatureError,
} from './payment-provider';

export interface PayPalProviderConfig {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** `https://api-m.sandbox.paypal.com`, `https://api-m.paypal.com`, or a stand-in's `http://127.0.0.1:port`. */
  apiBase: string;
}

const TIMEOUT_MS = 10_000;
const MAX_RETRIES = 2;

/** Our ×100 minor units to PayPal's decimal string: "19.99", and "780" where PayPal takes no decimals. */
export function toPayPalValue(amountMinor: number, currency: string): string {
  if (PAYPAL_NO_DECIMAL.has(currency.toUpperCase())) return String(Math.round(amountMinor / 100));
  const cents = Math.round(amountMinor);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** PayPal's decimal string back to our ×100 minor units, without floating-point rounding. */
export function fromPayPalValue(value: string, currency: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new ProviderUnavailableError(`paypal sent an unreadable amount: ${value} ${currency}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The region PayPal's page uses when our locale names only a language. */
const DEFAULT_REGION: Record<string, string> = {
  en: 'US',
  fr: 'FR',
  de: 'DE',
  es: 'ES',
  it: 'IT',
  nl: 'NL',
  pt: 'BR',
  ja: 'JP',
  ko: 'KR',
  zh: 'CN',
  pl: 'PL',
  ru: 'RU',
  sv: 'SE',
  da: 'DK',
};

/** Our language tag (`fr`, `zh-HK`, `en_GB`) in PayPal's `ll-CC` format, or undefined to let PayPal choose. */
export function paypalLocale(locale: string): string | undefined {
  const match = /^([a-zA-Z]{2})(?:[-_][a-zA-Z]{4})?(?:[-_]([a-zA-Z]{2}))?$/.exec(locale);
  if (!match?.[1]) return undefined;
  const language = match[1].toLowerCase();
  const region = match[2]?.toUpperCase() ?? DEFAULT_REGION[language];
  return region ? `${language}-${region}` : undefined;
}

/** A 4xx answer; the issue (`ORDER_ALREADY_CAPTURED`...) tells the cases we handle from the rest. */
class PayPalApiError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'PayPalApiError';
  }
}

type Json = Record<string, unknown>;
const asObject = (v: unknown): Json | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : undefined;
const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

interface OrderView {
  id: string;
  status: string;
  approveUrl: string | null;
  amount: { currency: string; value: string } | null;
  capture: { id: string; status: string; reason: string | null } | null;
}

function readOrder(body: unknown): OrderView {
  const order = asObject(body);
  const id = asString(order?.id);
  const status = asString(order?.status);
  if (!order || !id || !status) throw new ProviderUnavailableError('paypal sent an order without id or status');
  const link = asArray(order.links)
    .map(asObject)
    .find((l) => l?.rel === 'payer-action' || l?.rel === 'approve');
  const unit = asObject(asArray(order.purchase_units)[0]);
  const amount = asObject(unit?.amount);
  const currency = asString(amount?.currency_code);
  const value = asString(amount?.value);
  const capture = asObject(asArray(asObject(unit?.payments)?.captures)[0]);
  const captureId = asString(capture?.id);
  const captureStatus = asString(capture?.status);
  return {
    id,
    status,
    approveUrl: asString(link?.href) ?? null,
    amount: currency && value ? { currency, value } : null,
    capture:
      captureId && captureStatus
        ? { id: captureId, status: captureStatus, reason: asString(asObject(capture?.status_details)?.reason) ?? null }
        : null,
  };
}

function mapOrder(order: OrderView): { status: ProviderStatus; failureCode: string | null } {
  switch (order.status) {
    case 'CREATED':
    case 'SAVED':
    case 'PAYER_ACTION_REQUIRED':
      return { status: 'requires_action', failureCode: null };
    case 'APPROVED':
      return { status: 'approved', failureCode: null };
    case 'VOIDED':
      return { status: 'canceled', failureCode: 'canceled' };
    case 'COMPLETED':
      switch (order.capture?.status) {
        // Refunded still means it was paid: we only refund duplicates, and they are recorded separately.
        case 'COMPLETED':
        case 'REFUNDED':
        case 'PARTIALLY_REFUNDED':
          return { status: 'succeeded', failureCode: null };
        case 'DECLINED':
        case 'FAILED':
          return { status: 'failed', failureCode: order.capture.reason?.toLowerCase() ?? 'card_declined' };
        default:
          return { status: 'processing', failureCode: null };
      }
    default:
      return { status: 'processing', failureCode: null };
  }
}

function toState(order: OrderView): ProviderPaymentState {
  if (!order.amount) throw new ProviderUnavailableError(`paypal order ${order.id} has no amount`);
  return {
    ref: order.id,
    ...mapOrder(order),
    amountMinor: fromPayPalValue(order.amount.value, order.amount.currency),
    currency: order.amount.currency.toUpperCase(),
  };
}

function toCharge(order: OrderView): ProviderCharge {
  // Once approved there is no page left to send the visitor to; the caller captures instead.
  const next: TNextAction = order.approveUrl ? { type: 'redirect', url: order.approveUrl } : { type: 'none' };
  return { ref: order.id, status: mapOrder(order).status, next };
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === '' ? undefined : first;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function paypalProvider(config: PayPalProviderConfig): PaymentProvider {
  const base = config.apiBase.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  /** One HTTP exchange with retries on network errors, 429 and 5xx: every POST we send is idempotent. */
  async function send(path: string, init: RequestInit): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      let res: Response | undefined;
      let failure: unknown;
      try {
        res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch (err) {
        failure = err;
      }
      const retryable = !res || res.status === 429 || res.status >= 500;
      if (res && !retryable) return res;
      if (attempt >= MAX_RETRIES) {
        if (res) await res.arrayBuffer();
        const reason = res ? `HTTP ${res.status}` : String(failure);
        throw new ProviderUnavailableError(`paypal ${path} unreachable: ${reason}`, { cause: failure });
      }
      if (res) await res.arrayBuffer();
      await sleep(250 * 2 ** attempt);
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const res = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = asObject(await res.json().catch(() => null));
    const value = asString(body?.access_token);
    if (!res.ok || !value) throw new ProviderUnavailableError(`paypal token request refused: HTTP ${res.status}`);
    const expiresIn = typeof body?.expires_in === 'number' ? body.expires_in : 300;
    // Renewed a minute early so a token never expires between our check and PayPal's.
    token = { value, expiresAt: Date.now() + Math.max(0, expiresIn - 60) * 1000 };
    return value;
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    // Concurrent calls share one token request.
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  /** An authenticated JSON call; a 401 (token revoked early) gets one fresh token. 4xx → PayPalApiError. */
  async function api(method: string, path: string, options: { body?: string; requestId?: string } = {}) {
    for (let attempt = 0; ; attempt += 1) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
      };
      if (options.requestId) headers['paypal-request-id'] = options.requestId;
      const res = await send(path, { method, headers, body: options.body });
      const body: unknown = await res.json().catch(() => null);
      if (res.ok) return body;
      if (res.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      const error = asObject(body);
      const issue = asString(asObject(asArray(error?.details)[0])?.issue) ?? asString(error?.name) ?? null;
      const message = asString(error?.message) ?? `HTTP ${res.status}`;
      throw new PayPalApiError(res.status, issue, `paypal ${method} ${path}: ${issue ?? ''} ${message}`);
    }
  }

  /** PayPal's refusals we do not handle mean we cannot go on now, like an outage. */
  function unavailable(err: unknown): unknown {
    return err instanceof PayPalApiError ? new ProviderUnavailableError(err.message, { cause: err }) : err;
  }

  async function getOrder(ref: string): Promise<OrderView> {
    try {
      return readOrder(await api('GET', `/v2/checkout/orders/${encodeURIComponent(ref)}`));
    } catch (err) {
      throw unavailable(err);
    }
  }

  return {
    name: 'paypal',

    async createCharge(input: CreateChargeInput): Promise<ProviderCharge> {
      if (input.method !== 'paypal') throw new Error(`paypal provider cannot take method ${input.method}`);
      const locale = paypalLocale(input.locale);
      const body = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.orderNumber,
            custom_id: input.paymentId,
            description: input.description.slice(0, 127),
            amount: {
              currency_code: input.currency.toUpperCase(),
              value: toPayPalValue(input.amountMinor, input.currency),
            },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              ...(locale ? { locale } : {}),
            },
          },
        },
      };
      try {
        const order = await api('POST', '/v2/checkout/orders', {
          body: JSON.stringify(body),
          requestId: input.paymentId,
        });
        return toCharge(readOrder(order));
      } catch (err) {
        throw unavailable(err);
      }
    },

    async resume(ref: string): Promise<ProviderCharge> {
      return toCharge(await getOrder(ref));
    },

    async retrieve(ref: string): Promise<ProviderPaymentState> {
      return toState(await getOrder(ref));
    },

    async capture(ref: string): Promise<ProviderPaymentState> {
      try {
        const order = await api('POST', `/v2/checkout/orders/${encodeURIComponent(ref)}/capture`, {
          requestId: `capture-${ref}`,
        });
        return toState(readOrder(order));
      } catch (err) {
        if (!(err instanceof PayPalApiError) || err.status !== 422) throw unavailable(err);
        // Already captured (by an earlier call or a webhook handler) or not yet approved: the order tells.
        if (err.issue === 'ORDER_ALREADY_CAPTURED' || err.issue === 'ORDER_NOT_APPROVED') {
          return toState(await getOrder(ref));
        }
        // The payer's funding source was refused; PayPal lets them pick another on the approval page.
        if (err.issue === 'INSTRUMENT_DECLINED') {
          return { ...toState(await getOrder(ref)), status: 'failed', failureCode: 'card_declined' };
        }
        throw unavailable(err);
      }
    },

    async refund(ref: string): Promise<void> {
      const order = await getOrder(ref);
      if (!order.capture) throw new Error(`paypal order ${ref} has no capture to refund`);
      if (order.capture.status === 'REFUNDED') return;
      try {
        await api('POST', `/v2/payments/captures/${encodeURIComponent(order.capture.id)}/refund`, {
          body: '{}',
          requestId: `refund-${ref}`,
        });
      } catch (err) {
        if (err instanceof PayPalApiError && err.issue === 'CAPTURE_FULLY_REFUNDED') return;
        throw unavailable(err);
      }
    },

    async verifyWebhook(rawBody, headers): Promise<ProviderEvent> {
      const fields = {
        auth_algo: header(headers, 'paypal-auth-algo'),
        cert_url: header(headers, 'paypal-cert-url'),
        transmission_id: header(headers, 'paypal-transmission-id'),
        transmission_sig: header(headers, 'paypal-transmission-sig'),
        transmission_time: header(headers, 'paypal-transmission-time'),
      };
      const missing = Object.entries(fields).find(([, v]) => v === undefined);
      if (missing) throw new WebhookSignatureError(`missing header for ${missing[0]}`);
      const raw = rawBody.toString('utf8');
      let event: Json | undefined;
      try {
        event = asObject(JSON.parse(raw));
      } catch {
        event = undefined;
      }
      const eventId = asString(event?.id);
      const type = asString(event?.event_type);
      if (!event || !eventId || !type) throw new WebhookSignatureError('unreadable webhook body');
      // The event goes back verbatim: re-serialising it could change bytes PayPal signed.
      const body = `${JSON.stringify({ ...fields, webhook_id: config.webhookId }).slice(0, -1)},"webhook_event":${raw}}`;
      let result: unknown;
      try {
        result = await api('POST', '/v1/notifications/verify-webhook-signature', { body });
      } catch (err) {
        // PayPal refusing the verification request itself (a malformed event) is a failed verification.
        if (err instanceof PayPalApiError && (err.status === 400 || err.status === 422)) {
          throw new WebhookSignatureError(err.message);
        }
        throw unavailable(err);
      }
      if (asObject(result)?.verification_status !== 'SUCCESS') throw new WebhookSignatureError();
      const resource = asObject(event.resource);
      let ref: string | null = null;
      if (type.startsWith('CHECKOUT.ORDER.')) ref = asString(resource?.id) ?? null;
      else if (type.startsWith('PAYMENT.CAPTURE.')) {
        const related = asObject(asObject(resource?.supplementary_data)?.related_ids);
        ref = asString(related?.order_id) ?? null;
      }
      return { eventId, type, ref };
    },
  };
}
