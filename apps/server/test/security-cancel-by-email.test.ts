import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverMail,
  mails,
  ownerPost,
  paidReadyOrder,
  payInFrame,
  planBody,
  planPrice,
  post,
} from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

/**
 * Issue 13, "Cancel by e-mail without proof": typing an address must neither cancel its subscriptions nor
 * tell whether it has any. The address is sent its one-click links; billing e-mails' links keep working.
 */
describe.each(dialects())('cancelling by e-mail needs the mailbox, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  async function subscribe(email: string) {
    const order = await paidReadyOrder(t);
    const created = await ownerPost(
      t,
      '/api-pay/pay/plan/create',
      planBody(order, 'weekly', await planPrice(t, 'weekly'), { email }),
    );
    const { payment, next } = created.json().data;
    await payInFrame(t, next.url, '4242424242424242');
    await post(t, '/api-pay/pay/check/status', { orderNumber: order, paymentId: payment.paymentId });
    return t.deps.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('order_number', '=', order)
      .executeTakeFirstOrThrow();
  }
  const ask = (email: string, ip: string) =>
    post(t, '/api-pay/unsubscribe/check/email', { email, hl: 'en' }, { 'x-forwarded-for': ip });

  it('answers the same for an address with and without a subscription, and cancels nothing', async () => {
    const sub = await subscribe('member@example.com');
    const known = await ask('member@example.com', '10.20.0.1');
    const unknown = await ask('nobody@example.com', '10.20.0.2');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    const after = await t.deps.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(after.cancel_requested_at).toBeNull();
    // Nothing is sent where there is nothing to cancel; the subscriber's own address gets its link.
    expect(await mails(t, 'cancelLinks', 'nobody@example.com')).toHaveLength(0);
    expect(await mails(t, 'cancelLinks', 'member@example.com')).toHaveLength(1);
  });

  it('an address alone cannot cancel: only the signed link mailed to it does', async () => {
    const sub = await subscribe('victim@example.com');
    const byAddress = await post(
      t,
      '/api-pay/unsubscribe/cancel',
      { email: 'victim@example.com', hl: 'en' },
      { 'x-forwarded-for': '10.20.0.3' },
    );
    expect(byAddress.statusCode).toBe(400);
    const wrongToken = await post(
      t,
      '/api-pay/unsubscribe/cancel',
      { subscriptionId: sub.id, token: 'abc.def', hl: 'en' },
      { 'x-forwarded-for': '10.20.0.3' },
    );
    expect(wrongToken.json().code).toBe('CANCEL_LINK_INVALID');
    const terms = await t.app.inject({ method: 'GET', url: `/api/unsubscribe/subscription/${sub.id}?token=abc.def` });
    expect(terms.statusCode).toBe(403);

    await ask('victim@example.com', '10.20.0.4');
    await deliverMail(t);
    const [mail] = await mails(t, 'cancelLinks', 'victim@example.com');
    const link = new URL(JSON.parse(mail?.payload ?? '{}').subscriptions[0].cancelUrl);
    expect(link.searchParams.get('sub')).toBe(sub.id);
    const sent = await t.deps.db.kysely
      .selectFrom('local_mailbox')
      .selectAll()
      .where('to_address', '=', 'victim@example.com')
      .execute();
    expect(sent.some((m) => m.text.includes(link.toString().replaceAll('&', '&')))).toBe(true);
    const done = await post(
      t,
      '/api-pay/unsubscribe/cancel',
      { subscriptionId: sub.id, token: link.searchParams.get('token'), hl: 'en' },
      { 'x-forwarded-for': '10.20.0.4' },
    );
    expect(done.json().data).toMatchObject({ canceled: 1, subscriptions: [{ cancelRequested: true }] });
  });

  it('is rate limited per address, whoever asks', async () => {
    await subscribe('limited@example.com');
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await ask('limited@example.com', `10.21.0.${i}`)).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.slice(5)).toEqual([429, 429]);
    expect((await mails(t, 'cancelLinks', 'limited@example.com')).length).toBeLessThanOrEqual(5);
  });
});
