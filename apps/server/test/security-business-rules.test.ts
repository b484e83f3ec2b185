import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBody,
  get,
  mails,
  ownerGet,
  ownerPost,
  paidReadyOrder,
  payInFrame,
  planBody,
  planPrice,
  post,
  shownPrice,
} from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

const DAY = 86_400_000;

/** Decision 0019: the business rules issue 13 asked to decide, as the server enforces them. */
describe.each(dialects())('business rules (decision 0019), on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it("a weekly trial's first payment unlocks the Premium report for good, even if cancelled at once", async () => {
    const order = await paidReadyOrder(t);
    const price = await planPrice(t, 'weekly');
    const created = await ownerPost(
      t,
      '/api-pay/pay/plan/create',
      planBody(order, 'weekly', price, { email: 'trial-keeps@example.com' }),
    );
    const { payment, next } = created.json().data;
    await payInFrame(t, next.url, '4242424242424242');
    await post(t, '/api-pay/pay/check/status', { orderNumber: order, paymentId: payment.paymentId });
    const [mail] = await mails(t, 'reportReady', 'trial-keeps@example.com');
    const cancelUrl = new URL(JSON.parse(mail?.payload ?? '{}').subscription.cancelUrl);
    const cancelled = await post(t, '/api-pay/unsubscribe/cancel', {
      subscriptionId: cancelUrl.searchParams.get('sub'),
      token: cancelUrl.searchParams.get('token'),
      hl: 'en',
    });
    expect(cancelled.json().data.canceled).toBe(1);
    t.clock.advance(30 * DAY);
    for (let i = 0; i < 20 && (await t.checkout.scheduler.runOnce()) > 0; i++);
    const sub = await t.deps.db.kysely
      .selectFrom('subscriptions')
      .select('status')
      .where('order_number', '=', order)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe('canceled');
    const report = await ownerGet(t, `/api/exam/order/info/${order}`, order);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.result.skuId).toBe('sku3');
  });

  it("prices follow the visitor's chosen country, computed by the server; the order keeps that currency", async () => {
    const order = await paidReadyOrder(t);
    const inr = await shownPrice(t, order, 'sku2', 'IN');
    const usd = await shownPrice(t, order, 'sku2', 'US');
    expect(inr.currency).toBe('INR');
    // A price shown for one country cannot be paid under another.
    const mixed = await ownerPost(
      t,
      '/api-pay/pay/order/create',
      createBody(order, inr, { country: 'US', checkoutKey: 'mixed_0123456789ab' }),
    );
    expect(mixed.json().code).toBe('PRICE_CHANGED');
    const forged = await ownerPost(
      t,
      '/api-pay/pay/order/create',
      createBody(order, { amount: 1, currency: 'INR' }, { country: 'IN', checkoutKey: 'forged_0123456789a' }),
    );
    expect(forged.json().code).toBe('PRICE_CHANGED');
    const paid = await ownerPost(
      t,
      '/api-pay/pay/order/create',
      createBody(order, inr, { country: 'IN', checkoutKey: 'india_0123456789ab' }),
    );
    expect(paid.json().data.payment).toMatchObject({ amount: inr.amount, currency: 'INR' });
    expect(paid.json().data.payment.amount).not.toBe(usd.amount);
    await payInFrame(t, paid.json().data.next.url, '4242424242424242');
    await post(t, '/api-pay/pay/check/status', { orderNumber: order });
    // Extras are priced in the first payment's country, whatever a later request names.
    const extras = (await ownerGet(t, `/api/exam/extra/package/list/${order}?hl=en`, order)).json().data.packages;
    expect(extras.every((p: { price: { currency: string } }) => p.price.currency === 'INR')).toBe(true);
    expect(
      (await get(t, '/api/secondPhase/sku/package/1799/answerAnalysis/US?hl=en')).json().data.package.price.currency,
    ).toBe('USD');
  });
});
