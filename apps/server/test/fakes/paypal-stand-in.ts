import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventQueue } from './webhook-receiver';

/**
 * A local stand-in for the part of PayPal's REST API our adapter uses (OAuth client credentials, Orders v2,
 * capture refunds, webhook signature verification), in PayPal's wire format and error bodies, so the
 * adapter is tested without the internet. Tests play the payer (`approve`, or the `/checkoutnow` page) and
 * PayPal's webhook sender (`deliverPending`).
 */

type Json = Record<string, unknown>;

export interface StandInOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  intent: string;
  purchaseUnit: Json & { amount: { currency_code: string; value: string } };
  experience: Json;
  captures: Json[];
  payer: Json | null;
  createTime: string;
}

export interface StandInWebhookEvent extends Json {
  id: string;
  event_type: string;
  resource: Json;
}

export interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  replayed: boolean;
  status: number;
}

export interface PayPalStandIn {
  apiBase: string;
  orders: Map<string, StandInOrder>;
  events: StandInWebhookEvent[];
  requests: StandInRequest[];
  /** The payer approves on PayPal's page. */
  approve(orderId: string): void;
  /** The order is voided (payer gave up and it expired). */
  cancel(orderId: string): void;
  /** The next capture is declined by the payer's funding source. */
  declineNextCapture(): void;
  /** Revokes every access token, as when one expires. */
  expireTokens(): void;
  failNextRequests(count: number): void;
  deliverPending(): Promise<number>;
  replay(eventId: string): Promise<number>;
  deliver(event: StandInWebhookEvent, options?: { tamper?: boolean }): Promise<number>;
  setWebhookUrl(url: string | undefined): void;
  close(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message ?? 'error'));
  }
}

const NO_DECIMAL = new Set(['JPY', 'TWD', 'HUF']);
const upperId = (length = 17) => randomBytes(length).toString('hex').toUpperCase().slice(0, length);
const isoNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

function issue(status: number, name: string, code: string, message: string): ApiError {
  return new ApiError(status, {
    name,
    message,
    details: [{ issue: code, description: message }],
    debug_id: upperId(13),
  });
}
const unprocessable = (code: string, description: string) => issue(422, 'UNPROCESSABLE_ENTITY', code, description);

/** PayPal compares events by content, not by key order or whitespace. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const asObject = (v: unknown): Json | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : undefined;

export async function startPayPalStandIn(options: {
  webhookUrl?: string;
  webhookId: string;
  clientId: string;
  clientSecret: string;
}): Promise<PayPalStandIn> {
  let webhookUrl = options.webhookUrl;
  let failures = 0;
  let declineNext = false;
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const orders = new Map<string, StandInOrder>();
  const refunds = new Map<string, Json>();
  const requestIds = new Map<string, { path: string; ref: string }>();
  const transmissions = new Map<string, { fields: Json; event: string }>();
  const outbox = eventQueue<StandInWebhookEvent>((event) => deliver(event));
  const events = outbox.events;
  const requests: StandInRequest[] = [];
  let apiBase = '';

  const link = (path: string, rel: string, method = 'GET') => ({ href: `${apiBase}${path}`, rel, method });

  function orderJson(o: StandInOrder): Json {
    const links = [link(`/v2/checkout/orders/${o.id}`, 'self')];
    if (o.status === 'PAYER_ACTION_REQUIRED') links.push(link(`/checkoutnow?token=${o.id}`, 'payer-action'));
    if (o.status === 'APPROVED') links.push(link(`/v2/checkout/orders/${o.id}/capture`, 'capture', 'POST'));
    const unit = o.captures.length > 0 ? { ...o.purchaseUnit, payments: { captures: o.captures } } : o.purchaseUnit;
    const paypal = o.payer ? { email_address: o.payer.email_address, account_id: o.payer.payer_id } : {};
    return {
      id: o.id,
      intent: o.intent,
      status: o.status,
      payment_source: { paypal },
      purchase_units: [unit],
      ...(o.payer ? { payer: o.payer } : {}),
      create_time: o.createTime,
      links,
    };
  }

  function queue(type: string, resourceType: string, resource: Json, summary: string): void {
    const id = `WH-${upperId(17)}-${upperId(17)}`;
    const event: StandInWebhookEvent = {
      id,
      event_version: '1.0',
      create_time: isoNow(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: type,
      summary,
      resource: structuredClone(resource),
      links: [link(`/v1/notifications/webhooks-events/${id}`, 'self')],
    };
    outbox.queue(event);
  }

  function order(id: string): StandInOrder {
    const o = orders.get(id);
    if (!o) throw issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    return o;
  }

  function createOrder(body: Json): StandInOrder {
    const unit = asObject(Array.isArray(body.purchase_units) ? body.purchase_units[0] : undefined);
    const amount = asObject(unit?.amount);
    const currency = typeof amount?.currency_code === 'string' ? amount.currency_code : '';
    const value = typeof amount?.value === 'string' ? amount.value : '';
    if (!unit || !/^[A-Z]{3}$/.test(currency) || !/^\d+(\.\d+)?$/.test(value)) {
      throw issue(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'purchase_units[0].amount is required.');
    }
    if (NO_DECIMAL.has(currency) && value.includes('.')) {
      throw unprocessable('DECIMALS_NOT_SUPPORTED', 'Currency code does not support decimals.');
    }
    if (!/^\d+(\.\d{1,2})?$/.test(value)) throw unprocessable('DECIMAL_PRECISION', 'Only two decimal places.');
    const experience = asObject(asObject(asObject(body.payment_source)?.paypal)?.experience_context) ?? {};
    const o: StandInOrder = {
      id: upperId(17),
      status: 'PAYER_ACTION_REQUIRED',
      intent: String(body.intent ?? 'CAPTURE'),
      purchaseUnit: { ...unit, amount: { currency_code: currency, value } },
      experience,
      captures: [],
      payer: null,
      createTime: isoNow(),
    };
    orders.set(o.id, o);
    return o;
  }

  function captureOrder(o: StandInOrder): void {
    if (o.status === 'COMPLETED') throw unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.');
    if (o.status !== 'APPROVED') {
      throw unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    }
    const id = upperId(17);
    const status = declineNext ? 'DECLINED' : 'COMPLETED';
    declineNext = false;
    const capture: Json = {
      id,
      status,
      amount: o.purchaseUnit.amount,
      final_capture: true,
      custom_id: o.purchaseUnit.custom_id,
      seller_protection: { status: 'ELIGIBLE' },
      supplementary_data: { related_ids: { order_id: o.id } },
      create_time: isoNow(),
      update_time: isoNow(),
      links: [
        link(`/v2/payments/captures/${id}`, 'self'),
        link(`/v2/payments/captures/${id}/refund`, 'refund', 'POST'),
        link(`/v2/checkout/orders/${o.id}`, 'up'),
      ],
    };
    o.captures.push(capture);
    o.status = 'COMPLETED';
    const { value, currency_code } = o.purchaseUnit.amount;
    if (status === 'COMPLETED')
      queue('PAYMENT.CAPTURE.COMPLETED', 'capture', capture, `Payment completed for ${value} ${currency_code}`);
    else queue('PAYMENT.CAPTURE.DENIED', 'capture', capture, `Payment denied for ${value} ${currency_code}`);
  }

  function refundCapture(captureId: string): Json {
    const capture = [...orders.values()].flatMap((o) => o.captures).find((c) => c.id === captureId);
    if (!capture)
      throw issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    if (capture.status === 'REFUNDED')
      throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    if (capture.status !== 'COMPLETED') throw unprocessable('INVALID_RESOURCE_ID', 'The capture cannot be refunded.');
    capture.status = 'REFUNDED';
    const id = upperId(17);
    const refund = {
      id,
      status: 'COMPLETED',
      amount: capture.amount,
      links: [link(`/v2/payments/refunds/${id}`, 'self'), link(`/v2/payments/captures/${captureId}`, 'up')],
    };
    refunds.set(id, refund);
    queue('PAYMENT.CAPTURE.REFUNDED', 'refund', refund, 'A capture was refunded');
    return refund;
  }

  function verify(body: Json): Json {
    const sent = typeof body.transmission_id === 'string' ? transmissions.get(body.transmission_id) : undefined;
    const fieldsMatch =
      sent !== undefined &&
      body.webhook_id === options.webhookId &&
      Object.entries(sent.fields).every(([k, v]) => body[k] === v);
    const ok = fieldsMatch && canonical(body.webhook_event) === sent.event;
    return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
  }

  /** Handles an authenticated API call; returns [status, body]. */
  function route(method: string, path: string, body: Json, requestId: string | null): [number, unknown, boolean] {
    const replay = requestId ? requestIds.get(requestId) : undefined;
    if (replay && replay.path !== path) throw unprocessable('PAYPAL_REQUEST_ID_PREVIOUSLY_USED', 'Request id reused.');
    // PayPal answers a reused PayPal-Request-Id with the latest state of what the first request made.
    if (replay)
      return [200, replay.path.includes('/refund') ? refunds.get(replay.ref) : orderJson(order(replay.ref)), true];
    const remember = (ref: string) => requestId && requestIds.set(requestId, { path, ref });
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const o = createOrder(body);
      remember(o.id);
      return [201, orderJson(o), false];
    }
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderMatch?.[1] && method === 'GET' && !orderMatch[2]) return [200, orderJson(order(orderMatch[1])), false];
    if (orderMatch?.[1] && method === 'POST' && orderMatch[2]) {
      const o = order(orderMatch[1]);
      captureOrder(o);
      remember(o.id);
      return [201, orderJson(o), false];
    }
    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (refundMatch?.[1] && method === 'POST') {
      const refund = refundCapture(refundMatch[1]);
      remember(String(refund.id));
      return [201, refund, false];
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return [200, verify(body), false];
    throw issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_URI', `No route for ${method} ${path}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const raw = await readBody(req);
    const requestIdHeader = req.headers['paypal-request-id'];
    const requestId = typeof requestIdHeader === 'string' ? requestIdHeader : null;
    const send = (status: number, body: unknown, replayed = false) => {
      requests.push({ method, path: url.pathname, idempotencyKey: requestId, replayed, status });
      res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': upperId(13) });
      res.end(JSON.stringify(body));
    };
    if (failures > 0) {
      failures -= 1;
      send(500, { name: 'INTERNAL_SERVER_ERROR', message: 'Stand-in failure, as asked.' });
      return;
    }
    if (method === 'GET' && url.pathname === '/checkoutnow') {
      // PayPal's approval page, reduced to its outcome: approve (or cancel) and send the payer back.
      const o = order(url.searchParams.get('token') ?? '');
      const cancel = url.searchParams.get('cancel') === '1';
      if (!cancel && o.status === 'PAYER_ACTION_REQUIRED') approveOrder(o);
      const back = new URL(String(cancel ? o.experience.cancel_url : o.experience.return_url));
      back.searchParams.set('token', o.id);
      if (!cancel) back.searchParams.set('PayerID', String(o.payer?.payer_id ?? ''));
      requests.push({ method, path: url.pathname, idempotencyKey: null, replayed: false, status: 302 });
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    const auth = req.headers.authorization ?? '';
    if (method === 'POST' && url.pathname === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
      if (auth !== expected || new URLSearchParams(raw).get('grant_type') !== 'client_credentials') {
        send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        return;
      }
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.add(token);
      send(200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-STANDIN',
        expires_in: 32400,
        nonce: randomUUID(),
      });
      return;
    }
    if (!tokens.has(auth.replace(/^Bearer /, ''))) {
      send(401, {
        name: 'AUTHENTICATION_FAILURE',
        message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      });
      return;
    }
    let body: Json = {};
    if (raw.trim() !== '') {
      try {
        body = asObject(JSON.parse(raw)) ?? {};
      } catch {
        send(400, {
          name: 'INVALID_REQUEST',
          message: 'Request is not well-formed.',
          details: [{ issue: 'MALFORMED_REQUEST_JSON' }],
        });
        return;
      }
    }
    try {
      const [status, result, replayed] = route(method, url.pathname, body, requestId);
      send(status, result, replayed);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      send(err.status, err.body);
    }
  }

  function approveOrder(o: StandInOrder): void {
    if (o.status !== 'PAYER_ACTION_REQUIRED') throw new Error(`order ${o.id} cannot be approved in status ${o.status}`);
    o.status = 'APPROVED';
    o.payer = {
      payer_id: upperId(13),
      email_address: 'payer@example.com',
      name: { given_name: 'Test', surname: 'Payer' },
    };
    queue('CHECKOUT.ORDER.APPROVED', 'checkout-order', orderJson(o), 'An order has been approved by buyer');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const status = err instanceof ApiError ? err.status : 500;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message: String(err) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function deliver(event: StandInWebhookEvent, deliverOptions: { tamper?: boolean } = {}): Promise<number> {
    if (!webhookUrl) return 0;
    const payload = JSON.stringify(event);
    const transmissionId = randomUUID();
    const fields = {
      auth_algo: 'SHA256withRSA',
      cert_url: `${apiBase}/v1/notifications/certs/CERT-360caa42-fca2a594-standin`,
      transmission_id: transmissionId,
      transmission_time: isoNow(),
      transmission_sig: '',
    };
    fields.transmission_sig = createHmac('sha256', signingKey)
      .update(`${transmissionId}|${fields.transmission_time}|${options.webhookId}|${payload}`)
      .digest('base64');
    transmissions.set(transmissionId, { fields, event: canonical(event) });
    // PayPal sends each field as a header: auth_algo → paypal-auth-algo, and so on.
    const headers = Object.fromEntries(Object.entries(fields).map(([k, v]) => [`paypal-${k.replaceAll('_', '-')}`, v]));
    // The signature covers the original event; any change after sending must fail verification.
    const body = deliverOptions.tamper
      ? payload.replace('"event_version":"1.0"', '"event_version":"1.0","tampered":true')
      : payload;
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  return {
    apiBase,
    orders,
    events,
    requests,
    approve: (orderId) => approveOrder(order(orderId)),
    cancel(orderId) {
      order(orderId).status = 'VOIDED';
    },
    declineNextCapture() {
      declineNext = true;
    },
    expireTokens: () => tokens.clear(),
    failNextRequests(count) {
      failures = count;
    },
    deliverPending: outbox.deliverPending,
    replay: outbox.replay,
    deliver,
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
