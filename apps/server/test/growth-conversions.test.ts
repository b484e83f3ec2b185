import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBody, ownerPost, paidReadyOrder, payInFrame, post, shownPrice } from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** A local stand-in of Meta's and TikTok's conversion APIs: records each call, answers as told. */
async function providerStandIn() {
  const received: Received[] = [];
  const answers: number[] = [];
  const waiting: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(raw) });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status === 200 ? '{"events_received":1}' : '{"error":{"message":"try later"}}');
      for (const w of waiting.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const LOGID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const META_PIXEL = '123456789012';
const TIKTOK_PIXEL = 'C0TIKTOKPIXEL00';

describe.each(dialects())('server-side conversions on %s', (dialect) => {
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof providerStandIn>>;
  beforeAll(async () => {
    standIn = await providerStandIn();
    t = await createTestApp(dialect, {
      env: {
        PIXEL_META_ID: META_PIXEL,
        CONVERSIONS_META_TOKEN: 'EAAB-meta-test-token-0123456789',
        PIXEL_TIKTOK_ID: TIKTOK_PIXEL,
        CONVERSIONS_TIKTOK_TOKEN: 'tiktok-test-token-0123456789',
        CONVERSIONS_API_ORIGIN: standIn.origin,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const outbox = (orderNumber: string) =>
    t.deps.db.kysely
      .selectFrom('conversion_outbox')
      .selectAll()
      .where('order_number', '=', orderNumber)
      .orderBy('provider')
      .execute();

  /** Runs the worker until nothing is left due (a pass the payment kicked may hold a row meanwhile). */
  async function drain(orderNumber: string) {
    for (let i = 0; i < 50; i++) {
      await t.growth.conversionWorker.runOnce();
      const rows = await outbox(orderNumber);
      if (rows.every((r) => r.status !== 'sending')) return rows;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('conversion rows still sending');
  }

  async function pay(orderNumber: string, email = 'Buyer@Example.com ') {
    const price = await shownPrice(t, orderNumber, 'sku2');
    const created = await ownerPost(
      t,
      '/api-pay/pay/order/create',
      createBody(orderNumber, price, { email: email.trim() }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { payment, next } = created.json().data;
    await payInFrame(t, next.url, '4242424242424242');
    const status = await post(t, '/api-pay/pay/check/status', { orderNumber, paymentId: payment.paymentId });
    expect(status.json().data.orderStatus).toBe('paid');
    return price;
  }

  it('takes the attribution only from the browser of the order, validated', async () => {
    const order = await paidReadyOrder(t);
    const body = { orderNumber: order, logid: LOGID, clickIds: { fbclid: 'IwAR0abc' } };
    const stranger = await post(t, '/api/exam/order/attribution', body);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('ORDER_ACCESS_DENIED');
    expect((await ownerPost(t, '/api/exam/order/attribution', { ...body, logid: 'not-a-logid' })).statusCode).toBe(400);
    expect(
      (await ownerPost(t, '/api/exam/order/attribution', { ...body, clickIds: { fbclid: '<script>' } })).statusCode,
    ).toBe(400);
    const ok = await ownerPost(t, '/api/exam/order/attribution', body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ recorded: true });
  });

  it('sends the purchase to the provider whose click id came with the visit, with the log id as event id', async () => {
    const order = await paidReadyOrder(t);
    await ownerPost(t, '/api/exam/order/attribution', {
      orderNumber: order,
      logid: LOGID,
      clickIds: { fbclid: 'IwAR0abc' },
      pageUrl: 'https://mindgauge.test/pay/IQB-1799',
    });
    standIn.answers.push(503); // Meta is down for the first attempt
    const price = await pay(order);
    const queued = await outbox(order);
    // Only Meta: TikTok is configured, but its click id did not come with this visit.
    expect(queued.map((r) => [r.provider, r.event_id])).toEqual([['meta', LOGID]]);

    let rows = await drain(order);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(rows[0]?.last_error).toContain('HTTP 503');
    t.clock.advance(31_000);
    rows = await drain(order);
    expect(rows[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });

    const calls = standIn.received.filter((r) => JSON.stringify(r.body).includes(order));
    expect(calls).toHaveLength(2);
    const call = calls[1] as Received;
    expect(call.path).toBe(`/v21.0/${META_PIXEL}/events`);
    const event = (call.body.data as Record<string, unknown>[])[0] as { user_data: { em: string[]; fbc: string } };
    expect(call.body.access_token).toBe('EAAB-meta-test-token-0123456789');
    expect(event).toMatchObject({
      event_name: 'Purchase',
      event_id: LOGID,
      action_source: 'website',
      event_source_url: 'https://mindgauge.test/pay/IQB-1799',
      custom_data: {
        currency: price.currency,
        value: price.amount / 100,
        content_ids: ['sku2'],
        contents: [{ id: 'sku2', quantity: 1 }],
        order_id: order,
      },
    });
    expect(event.user_data.em).toEqual([createHash('sha256').update('buyer@example.com').digest('hex')]);
    expect(event.user_data.fbc).toMatch(/^fb\.1\.\d+\.IwAR0abc$/);
    expect(JSON.stringify(call.body)).not.toContain('buyer@example.com');

    // A replayed status check or webhook queues nothing more.
    await drain(order);
    expect(await outbox(order)).toHaveLength(1);
  });

  it('sends to TikTok too when its click id came, and nothing without an attribution', async () => {
    const both = await paidReadyOrder(t);
    await ownerPost(t, '/api/exam/order/attribution', {
      orderNumber: both,
      logid: 'ffffffffffffffffffffffffffffffff',
      clickIds: { fbclid: 'IwAR0def', ttclid: 'E.C.P.tt123' },
    });
    await pay(both);
    const rows = await drain(both);
    expect(rows.map((r) => [r.provider, r.status])).toEqual([
      ['meta', 'sent'],
      ['tiktok', 'sent'],
    ]);
    const tiktok = standIn.received.find(
      (r) => r.path === '/open_api/v1.3/event/track/' && JSON.stringify(r.body).includes(both),
    );
    expect(tiktok?.headers['access-token']).toBe('tiktok-test-token-0123456789');
    expect(tiktok?.body).toMatchObject({
      event_source: 'web',
      event_source_id: TIKTOK_PIXEL,
      data: [
        { event: 'CompletePayment', event_id: 'ffffffffffffffffffffffffffffffff', user: { ttclid: 'E.C.P.tt123' } },
      ],
    });

    const none = await paidReadyOrder(t);
    await pay(none);
    expect(await outbox(none)).toEqual([]);
  });

  it('queues the purchase when the browser names its visit only after paying (the success page), once', async () => {
    const order = await paidReadyOrder(t);
    await pay(order);
    expect(await outbox(order)).toEqual([]);
    const body = { orderNumber: order, logid: 'cccccccccccccccccccccccccccccccc', clickIds: { ttclid: 'E.C.P.late' } };
    expect((await ownerPost(t, '/api/exam/order/attribution', body)).json().data).toEqual({ recorded: true });
    expect((await ownerPost(t, '/api/exam/order/attribution', body)).statusCode).toBe(200);
    const rows = await drain(order);
    expect(rows.map((r) => [r.provider, r.event_id, r.status])).toEqual([
      ['tiktok', 'cccccccccccccccccccccccccccccccc', 'sent'],
    ]);
  });

  it('gives up after the configured attempts, without holding the payment', async () => {
    const order = await paidReadyOrder(t);
    await ownerPost(t, '/api/exam/order/attribution', { orderNumber: order, logid: LOGID, clickIds: { fbclid: 'x1' } });
    for (let i = 0; i < 8; i++) standIn.answers.push(400);
    await pay(order);
    let rows = await drain(order);
    for (let i = 0; rows[0]?.status === 'pending' && i < 10; i++) {
      t.clock.advance(60 * 60_000);
      rows = await drain(order);
    }
    expect(rows[0]).toMatchObject({ status: 'failed', attempts: 8 });
    standIn.answers.length = 0;
  });
});

describe.each(dialects())('server-side conversions when not configured on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { PIXEL_META_ID: META_PIXEL } });
  });
  afterAll(() => t.close());

  it('keeps nothing about the visit and queues nothing', async () => {
    const order = await paidReadyOrder(t);
    const res = await ownerPost(t, '/api/exam/order/attribution', {
      orderNumber: order,
      logid: LOGID,
      clickIds: { fbclid: 'IwAR0abc' },
    });
    expect(res.json().data).toEqual({ recorded: false });
    expect(
      await t.deps.db.kysely.selectFrom('order_attributions').selectAll().where('order_number', '=', order).execute(),
    ).toEqual([]);
    expect(await t.deps.db.kysely.selectFrom('conversion_outbox').selectAll().execute()).toEqual([]);
  });
});
