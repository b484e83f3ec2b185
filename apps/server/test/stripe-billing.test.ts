import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, mails, ownerPost, paidReadyOrder, planBody, post, reportToken } from './checkout-helpers';
import { type StripeStandIn, startStripeStandIn, stripeEnvFor } from './fakes/stripe-stand-in';
import { createTestApp, dialects, type TestApp } from './test-app';

const WEBHOOK_SECRET = 'whsec_billing_0123456789';

describe.each(dialects())('plans through Stripe Billing (signed events from the stand-in), on %s', (dialect) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
    t = await createTestApp(dialect, {
      env: {
        ...stripeEnvFor(stripe, WEBHOOK_SECRET),
        PAYPAL_PROVIDER: 'none',
      },
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    stripe.setWebhookUrl(`${address}/api-pay/pay/webhook/stripe`);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const ours = (order: string) =>
    t.deps.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('order_number', '=', order)
      .executeTakeFirstOrThrow();

  /** The weekly trial bought through Stripe: the subscription's first invoice paid with the Payment Element. */
  async function startTrial(email: string) {
    const order = await paidReadyOrder(t);
    const list = (await get(t, '/api/exam/plan/list/1799/US/en')).json().data;
    expect(list.methods).toEqual(['card']);
    const weekly = list.plans.find((p: { planId: string }) => p.planId === 'weekly');
    const body = planBody(order, 'weekly', weekly.price, { email, checkoutKey: `stripe_${order.slice(2, 18)}` });
    const created = await ownerPost(t, '/api-pay/pay/plan/create', body);
    expect(created.statusCode, created.body).toBe(200);
    // A double click: the same subscription, not a second one.
    const again = await ownerPost(t, '/api-pay/pay/plan/create', body);
    expect(again.json().data.payment.paymentId).toBe(created.json().data.payment.paymentId);
    const { next } = created.json().data;
    expect(next.type).toBe('stripe');
    const piId = String(next.clientSecret).split('_secret_')[0] ?? '';
    stripe.confirm(piId, '4242424242424242');
    await stripe.deliverPending();
    return { order, piId };
  }

  it('the trial is a Stripe subscription with trial days and the trial price on its first invoice', async () => {
    const before = stripe.subscriptions.size;
    const { order, piId } = await startTrial('stripe-trial@example.com');
    expect(stripe.subscriptions.size - before).toBe(1);
    const sub = [...stripe.subscriptions.values()].at(-1);
    expect(sub?.trial_end).not.toBeNull();
    expect(sub?.items.data[0]?.price).toMatchObject({
      unit_amount: 1999,
      recurring: { interval: 'week', interval_count: 1 },
    });
    expect(stripe.paymentIntents.get(piId)?.amount).toBe(199);
    expect((await get(t, `/api/exam/order/sku/check/${order}`)).json().data.status).toBe('paid');
    const row = await ours(order);
    expect(row).toMatchObject({
      billed_by: 'processor',
      processor_ref: sub?.id,
      status: 'trialing',
      amount_minor: 1999,
    });
    // The first invoice's invoice.paid is the checkout itself: no renewal receipt for it.
    expect(await mails(t, 'renewalReceipt', 'stripe-trial@example.com')).toHaveLength(0);
  });

  it('invoice.paid renews once (replayed or duplicated), invoice.payment_failed marks it past due, subscription.deleted ends it', async () => {
    const email = 'stripe-renew@example.com';
    const { order } = await startTrial(email);
    const subId = (await ours(order)).processor_ref ?? '';
    stripe.renew(subId, 'paid');
    await stripe.deliverPending();
    const paidEvent = stripe.events.filter((e) => e.type === 'invoice.paid').at(-1);
    expect(await stripe.replay(paidEvent?.id ?? '')).toBe(200);
    expect(await stripe.deliver(paidEvent!)).toBe(200);
    let row = await ours(order);
    expect(row).toMatchObject({ status: 'active', period_no: 1 });
    expect(await mails(t, 'renewalReceipt', email)).toHaveLength(1);

    stripe.renew(subId, 'declined');
    await stripe.deliverPending();
    row = await ours(order);
    expect(row).toMatchObject({ status: 'past_due', period_no: 1, failed_attempts: 1 });
    expect(await mails(t, 'renewalFailed', email)).toHaveLength(1);

    stripe.end(subId);
    await stripe.deliverPending();
    row = await ours(order);
    expect(row.status).toBe('canceled');
    expect(row.next_run_at).toBeNull();
  });

  it('skipping the trial and moving to the daily-rate plan bill at Stripe now; the invoices move our period once', async () => {
    const skip = await startTrial('stripe-skip@example.com');
    const subId = (await ours(skip.order)).processor_ref ?? '';
    const token = await reportToken(t, skip.order);
    const res = await ownerPost(t, '/api-pay/secondPhase/pay/planSku', {
      orderNumber: skip.order,
      planId: 'weekly',
      token,
      hl: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    await stripe.deliverPending();
    expect(stripe.subscriptions.get(subId)?.status).toBe('active');
    expect(await ours(skip.order)).toMatchObject({ status: 'active', period_no: 1 });
    expect(await mails(t, 'renewalReceipt', 'stripe-skip@example.com')).toHaveLength(1);

    const up = await startTrial('stripe-up@example.com');
    const upToken = await reportToken(t, up.order);
    const moved = await ownerPost(t, '/api-pay/secondPhase/pay/planSku', {
      orderNumber: up.order,
      planId: 'fourweekly',
      token: upToken,
      hl: 'en',
    });
    expect(moved.json().data.subscription).toMatchObject({ planId: 'fourweekly', intervalCount: 4 });
    await stripe.deliverPending();
    const upSub = stripe.subscriptions.get((await ours(up.order)).processor_ref ?? '');
    expect(upSub?.items.data[0]?.price.recurring).toEqual({ interval: 'week', interval_count: 4 });
    expect(await ours(up.order)).toMatchObject({ plan_id: 'fourweekly', status: 'active', period_no: 1 });
  });

  it('a tampered invoice event is refused', async () => {
    const { order } = await startTrial('stripe-tamper@example.com');
    const subId = (await ours(order)).processor_ref ?? '';
    stripe.renew(subId, 'paid');
    const event = stripe.events.filter((e) => e.type === 'invoice.paid').at(-1);
    expect(await stripe.deliver(event!, { tamper: true })).toBe(400);
    expect((await ours(order)).period_no).toBe(0);
  });

  it('cancelling tells Stripe first (cancel_at_period_end), then confirms by e-mail', async () => {
    const email = 'stripe-cancel@example.com';
    const { order } = await startTrial(email);
    const row = await ours(order);
    // Through the one-click link of the plan's e-mail (an address alone cancels nothing: issue 13).
    const [started] = await mails(t, 'reportReady', email);
    const link = new URL(JSON.parse(started?.payload ?? '{}').subscription.cancelUrl);
    const res = await post(t, '/api-pay/unsubscribe/cancel', {
      subscriptionId: link.searchParams.get('sub'),
      token: link.searchParams.get('token'),
      hl: 'en',
    });
    expect(res.json().data.canceled).toBe(1);
    expect(stripe.subscriptions.get(row.processor_ref ?? '')?.cancel_at_period_end).toBe(true);
    expect((await ours(order)).cancel_requested_at).not.toBeNull();
    expect(await mails(t, 'subscriptionCanceled', email)).toHaveLength(1);
  });
});
