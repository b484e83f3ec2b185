import { expect } from 'vitest';
import { sessionPost, startTest } from './exam-session';
import { type Answering, answerAllParts, honest } from './routed-taker';
import type { TestApp } from './test-app';

/** Takes the test honestly through the API and returns the new order's number. */
export async function paidReadyOrder(
  t: TestApp,
  hl = 'en',
  headers: Record<string, string> = {},
  answering: Answering = honest,
  /** The landing variant the visit started at, as the web sends it with the test's start. */
  variant?: string,
): Promise<string> {
  const { sessionId } = await startTest(t, {
    hl,
    restart: true,
    headers,
    ...(variant !== undefined ? { variant } : {}),
  });
  await answerAllParts(t, sessionId, answering);
  expect((await sessionPost(t, sessionId, '/api/exam/session/confirm')).statusCode).toBe(200);
  const order = await sessionPost(t, sessionId, '/api/exam/order/info');
  expect(order.json().data.outcome, order.body).toBe('order');
  return order.json().data.orderNumber as string;
}

/**
 * A call about an order from the browser that took its test (its session cookie), as the web app makes it:
 * paying, changing the address and redeeming a gift need the order's owner, not only its number (issue 13).
 */
export async function ownerPost(
  t: TestApp,
  url: string,
  payload: { orderNumber: string } & Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method: 'POST', url, payload, headers, cookies: await readerCookie(t, payload.orderNumber) });
}

/** A read about an order from the browser that took its test (its session cookie). */
export async function ownerGet(t: TestApp, url: string, orderNumber: string) {
  return t.app.inject({ method: 'GET', url, cookies: await readerCookie(t, orderNumber) });
}

export function post(t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

export async function get(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return res;
}

/** The price the payment page shows for a tier (showing it opens the order's offer, as on the scheme page). */
export async function shownPrice(t: TestApp, orderNumber: string, skuId: string, country = 'US', promo?: string) {
  const q = new URLSearchParams({ order: orderNumber, ...(promo ? { promo } : {}) });
  const res = await get(t, `/api/exam/sku/info/1799/${skuId}/${country}/en?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.sku.price as { amount: number; currency: string };
}

export function createBody(
  orderNumber: string,
  price: { amount: number; currency: string },
  over: Record<string, unknown> = {},
) {
  return {
    orderNumber,
    skuId: 'sku2',
    country: 'US',
    method: 'card',
    email: 'buyer@example.com',
    promoCode: null,
    checkoutKey: 'key_0123456789abcdef',
    shownAmount: price.amount,
    shownCurrency: price.currency,
    consent: { terms: true, termsVersion: '2026-01' },
    hl: 'en',
    ...over,
  };
}

/** What a browser does inside the sandbox frame: posts the card form to the processor. */
export function payInFrame(t: TestApp, frameUrl: string, number: string) {
  const id = /\/pay\/([^?]+)/.exec(frameUrl)?.[1];
  return t.app.inject({
    method: 'POST',
    url: `/sandbox-processor/pay/${id}/confirm?hl=en`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ number, expiry: '12/34', cvc: '123' }).toString(),
  });
}

/**
 * Delivers the queued mail: one pass of the worker, then waits for any pass a route kicked (it may have
 * claimed a message and still be sending it when this pass returns).
 */
export async function deliverMail(t: TestApp): Promise<void> {
  await t.deps.mailWorker.runOnce();
  const sending = () =>
    t.deps.db.kysely.selectFrom('mail_outbox').select('id').where('status', '=', 'sending').execute();
  await expect.poll(async () => (await sending()).length).toBe(0);
}

/** The mails queued for an address, of one template (e.g. 'renewalReceipt'). */
export function mails(t: TestApp, template: string, to: string) {
  return t.deps.db.kysely
    .selectFrom('mail_outbox')
    .selectAll()
    .where('template', '=', template)
    .where('to_address', '=', to)
    .execute();
}

export async function reportMails(t: TestApp, orderNumber: string) {
  const rows = await t.deps.db.kysely
    .selectFrom('mail_outbox')
    .selectAll()
    .where('template', '=', 'reportReady')
    .execute();
  return rows.filter((r) => r.payload.includes(orderNumber));
}

/** A bought report: the test taken, sku2 paid with the sandbox card 4242 and settled. */
export async function buyReport(
  t: TestApp,
  email: string,
  hl = 'en',
  headers: Record<string, string> = {},
  variant?: string,
): Promise<string> {
  const order = await paidReadyOrder(t, hl, headers, honest, variant);
  const price = await shownPrice(t, order, 'sku2');
  const created = await ownerPost(t, '/api-pay/pay/order/create', createBody(order, price, { email, hl }));
  expect(created.statusCode, created.body).toBe(200);
  const { payment, next } = created.json().data;
  await payInFrame(t, next.url, '4242424242424242');
  const status = await post(t, '/api-pay/pay/check/status', { orderNumber: order, paymentId: payment.paymentId });
  expect(status.json().data.orderStatus).toBe('paid');
  return order;
}

export interface PlanPrice {
  amount: number;
  todayAmount: number;
  currency: string;
}

/** A plan as the plans section prices it. */
export async function planPrice(t: TestApp, planId: string, country = 'US'): Promise<PlanPrice> {
  const res = await get(t, `/api/exam/plan/list/1799/${country}/en`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.plans.find((p: { planId: string }) => p.planId === planId).price;
}

/** The plan checkout's body, as the payment page sends it after showing these prices. */
export function planBody(orderNumber: string, planId: string, price: PlanPrice, over: Record<string, unknown> = {}) {
  return {
    orderNumber,
    planId,
    country: 'US',
    method: 'card',
    email: 'member@example.com',
    checkoutKey: `plan_${orderNumber.slice(2, 18)}`,
    shownAmount: price.todayAmount,
    shownRecurringAmount: price.amount,
    shownCurrency: price.currency,
    consent: { terms: true, termsVersion: '2026-01', disclosureVersion: '1' },
    hl: 'en',
    ...over,
  };
}

/** The token of the report link in an order's report e-mail (what a reader without the cookie holds). */
export async function reportToken(t: TestApp, orderNumber: string): Promise<string> {
  const mail = await t.deps.db.kysely
    .selectFrom('mail_outbox')
    .select('payload')
    .where('dedupe_key', '=', `report-ready:${orderNumber}`)
    .executeTakeFirstOrThrow();
  return new URL(JSON.parse(mail.payload).reportUrl).searchParams.get('token') ?? '';
}

/** The test-session cookie of the browser that took an order's test (what lets it read the report). */
export async function readerCookie(t: TestApp, orderNumber: string): Promise<{ 'IQ-exam': string }> {
  const row = await t.deps.db.kysely
    .selectFrom('exam_orders')
    .select('session_id')
    .where('order_number', '=', orderNumber)
    .executeTakeFirstOrThrow();
  return { 'IQ-exam': row.session_id };
}

/** A tier bought with the sandbox card 4242, and its report link's token. */
export async function buyTier(
  t: TestApp,
  skuId: string,
  email = 'buyer@example.com',
  hl = 'en',
  answering: Answering = honest,
) {
  const order = await paidReadyOrder(t, hl, {}, answering);
  const price = await shownPrice(t, order, skuId);
  const created = await ownerPost(t, '/api-pay/pay/order/create', createBody(order, price, { skuId, email, hl }));
  expect(created.statusCode, created.body).toBe(200);
  await payInFrame(t, created.json().data.next.url, '4242424242424242');
  await post(t, '/api-pay/pay/check/status', { orderNumber: order, paymentId: created.json().data.payment.paymentId });
  return { order, token: await reportToken(t, order) };
}
