import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBody,
  get,
  ownerPost,
  paidReadyOrder,
  payInFrame,
  post,
  reportMails,
  shownPrice,
} from './checkout-helpers';
import { type PayPalStandIn, startPayPalStandIn } from './fakes/paypal-stand-in';
import { type StripeStandIn, startStripeStandIn, stripeEnvFor } from './fakes/stripe-stand-in';
import { createTestApp, dialects, type TestApp } from './test-app';

const WEBHOOK_SECRET = 'whsec_test_0123456789';

describe.each(dialects())('exactly once, on %s', (dialect) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let paypal: PayPalStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
    paypal = await startPayPalStandIn({ webhookId: 'WH-TEST', clientId: 'client', clientSecret: 'secret' });
    t = await createTestApp(dialect, {
      env: {
        ...stripeEnvFor(stripe, WEBHOOK_SECRET),
        PAYPAL_PROVIDER: 'paypal',
        PAYPAL_CLIENT_ID: 'client',
        PAYPAL_CLIENT_SECRET: 'secret',
        PAYPAL_WEBHOOK_ID: 'WH-TEST',
        PAYPAL_API_BASE: paypal.apiBase,
      },
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    stripe.setWebhookUrl(`${address}/api-pay/pay/webhook/stripe`);
    paypal.setWebhookUrl(`${address}/api-pay/pay/webhook/paypal`);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
    await paypal.close();
  });

  const orderStatus = async (order: string) => (await get(t, `/api/exam/order/sku/check/${order}`)).json().data.status;

  it('makes one payment of 50 concurrent identical create calls', async () => {
    const order = await paidReadyOrder(t);
    const price = await shownPrice(t, order, 'sku2');
    const before = stripe.paymentIntents.size;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => ownerPost(t, '/api-pay/pay/order/create', createBody(order, price))),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const ids = new Set(results.map((r) => r.json().data.payment.paymentId));
    expect(ids.size).toBe(1);
    const secrets = new Set(results.map((r) => r.json().data.next.clientSecret));
    expect(secrets.size).toBe(1);
    expect(stripe.paymentIntents.size - before).toBe(1);
    const rows = await t.deps.db.kysely.selectFrom('payments').select('id').where('order_number', '=', order).execute();
    expect(rows).toHaveLength(1);
  });

  it('pays once however the webhooks come: replayed, duplicated, reordered, and with status checks between', async () => {
    const order = await paidReadyOrder(t);
    const price = await shownPrice(t, order, 'sku3');
    const created = (
      await ownerPost(t, '/api-pay/pay/order/create', createBody(order, price, { skuId: 'sku3' }))
    ).json().data;
    expect(created.next.type).toBe('stripe');
    const pi = created.next.clientSecret.split('_secret')[0];
    stripe.confirm(pi, '4000000000000002');
    stripe.confirm(pi, '4242424242424242');
    const mine = stripe.events.filter((e) => (e.data.object as { id?: string }).id === pi);
    const failed = mine.find((e) => e.type === 'payment_intent.payment_failed');
    const succeeded = mine.find((e) => e.type === 'payment_intent.succeeded');
    expect(failed && succeeded).toBeTruthy();
    // Newest first, each twice, then a replay; a status check in the middle.
    expect(await stripe.deliver(succeeded!)).toBe(200);
    expect(await stripe.deliver(succeeded!)).toBe(200);
    await post(t, '/api-pay/pay/check/status', { orderNumber: order, paymentId: created.payment.paymentId });
    expect(await stripe.deliver(failed!)).toBe(200);
    expect(await stripe.deliver(failed!)).toBe(200);
    expect(await stripe.replay(succeeded!.id)).toBe(200);
    expect(await orderStatus(order)).toBe('paid');
    const status = await post(t, '/api-pay/pay/check/status', { orderNumber: order });
    expect(status.json().data.payment.status).toBe('succeeded');
    expect(await reportMails(t, order)).toHaveLength(1);
    const events = await t.deps.db.kysely
      .selectFrom('payment_events')
      .select('event_id')
      .where('ref', '=', pi)
      .execute();
    expect(new Set(events.map((e) => e.event_id)).size).toBe(events.length);
  });

  it('rejects a tampered or unsigned webhook and records nothing', async () => {
    const order = await paidReadyOrder(t);
    const price = await shownPrice(t, order, 'sku1');
    const created = (
      await ownerPost(t, '/api-pay/pay/order/create', createBody(order, price, { skuId: 'sku1' }))
    ).json().data;
    const pi = created.next.clientSecret.split('_secret')[0];
    stripe.confirm(pi, '4242424242424242');
    const event = stripe.events.find(
      (e) => (e.data.object as { id?: string }).id === pi && e.type === 'payment_intent.succeeded',
    );
    expect(await stripe.deliver(event!, { tamper: true })).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api-pay/pay/webhook/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const sandboxForged = await t.app.inject({
      method: 'POST',
      url: '/api-pay/pay/webhook/sandbox',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': `t=1,v1=${'0'.repeat(64)}` },
      payload: '{}',
    });
    expect([400, 404]).toContain(sandboxForged.statusCode);
    const stored = await t.deps.db.kysely
      .selectFrom('payment_events')
      .select('event_id')
      .where('ref', '=', pi)
      .execute();
    expect(stored).toHaveLength(0);
    expect(await orderStatus(order)).toBe('pending_payment');
    // The genuine event still settles it.
    expect(await stripe.deliver(event!)).toBe(200);
    expect(await orderStatus(order)).toBe('paid');
  });

  it('never unlocks a report for a charge of another amount than the one agreed, and refunds it', async () => {
    const order = await paidReadyOrder(t);
    const price = await shownPrice(t, order, 'sku2');
    const created = (await ownerPost(t, '/api-pay/pay/order/create', createBody(order, price))).json().data;
    const pi = created.next.clientSecret.split('_secret')[0];
    const intent = stripe.paymentIntents.get(pi)!;
    intent.amount = 1; // changed at the processor between our order and the payment
    stripe.confirm(pi, '4242424242424242');
    await stripe.deliverPending();
    expect(await orderStatus(order)).toBe('pending_payment');
    const status = await post(t, '/api-pay/pay/check/status', { orderNumber: order });
    expect(status.json().data.payment).toMatchObject({ status: 'failed', failureCode: 'amount_mismatch' });
    expect(stripe.requests.some((r) => r.method === 'POST' && r.path === '/v1/refunds')).toBe(true);
  });

  it('captures an approved PayPal order once, by status check and webhook alike, and refunds a second payment', async () => {
    const order = await paidReadyOrder(t);
    const price = await shownPrice(t, order, 'sku2');
    const created = (
      await ownerPost(
        t,
        '/api-pay/pay/order/create',
        createBody(order, price, { method: 'paypal', checkoutKey: 'paypal_key_0123456789' }),
      )
    ).json().data;
    expect(created.next.type).toBe('redirect');
    const paypalOrder = new URL(created.next.url).searchParams.get('token')!;
    paypal.approve(paypalOrder);
    const checks = await Promise.all(
      Array.from({ length: 5 }, () => post(t, '/api-pay/pay/check/status', { orderNumber: order })),
    );
    for (const c of checks) expect(c.statusCode, c.body).toBe(200);
    await paypal.deliverPending();
    await paypal.deliverPending();
    expect(await orderStatus(order)).toBe('paid');
    expect(await reportMails(t, order)).toHaveLength(1);
    const captures = paypal.requests.filter((r) => r.path.endsWith('/capture') && r.path.includes(paypalOrder));
    expect(captures.length).toBeGreaterThanOrEqual(1);
    const o = paypal.orders.get(paypalOrder)!;
    expect(JSON.stringify(o)).toContain('COMPLETED');
  });
});

describe('the sandbox processor settles a second, duplicate payment by refunding it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('two tabs, two successful cards: the order is paid once, the second payment is refunded', async () => {
    const order = await paidReadyOrder(t);
    const price = await shownPrice(t, order, 'sku2');
    const a = (
      await ownerPost(t, '/api-pay/pay/order/create', createBody(order, price, { checkoutKey: 'tab_a_0123456789ab' }))
    ).json().data;
    const b = (
      await ownerPost(t, '/api-pay/pay/order/create', createBody(order, price, { checkoutKey: 'tab_b_0123456789ab' }))
    ).json().data;
    expect(a.payment.paymentId).not.toBe(b.payment.paymentId);
    await payInFrame(t, a.next.url, '4242424242424242');
    await payInFrame(t, b.next.url, '4242424242424242');
    await post(t, '/api-pay/pay/check/status', { orderNumber: order, paymentId: a.payment.paymentId });
    await post(t, '/api-pay/pay/check/status', { orderNumber: order, paymentId: b.payment.paymentId });
    await t.checkout.processor.delivery.runOnce();
    const rows = await t.deps.db.kysely
      .selectFrom('payments')
      .select(['id', 'status', 'refund_status'])
      .where('order_number', '=', order)
      .execute();
    expect(rows.filter((r) => r.status === 'succeeded')).toHaveLength(2);
    expect(rows.filter((r) => r.refund_status === 'refunded')).toHaveLength(1);
    expect(await reportMails(t, order)).toHaveLength(1);
    const refunded = await t.deps.db.kysely
      .selectFrom('sandbox_payments')
      .select('refunded')
      .where('refunded', '=', 1)
      .execute();
    expect(refunded.length).toBeGreaterThanOrEqual(1);
  });
});
