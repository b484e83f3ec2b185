import { PLAN_DISCLOSURE_VERSION } from '@mindgauge/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { ManualClock } from '../src/lib/clock';
import {
  get,
  mails,
  ownerGet,
  ownerPost,
  paidReadyOrder,
  payInFrame,
  planBody,
  planPrice,
  post,
} from './checkout-helpers';
import { createTestApp, dialects, type TestApp, testEnv } from './test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A plan taken like the browser does: test finished, plan chosen, 4242 typed into the sandbox frame. */
async function takePlan(t: TestApp, email: string, planId = 'weekly') {
  const order = await paidReadyOrder(t);
  const price = await planPrice(t, planId);
  const created = await ownerPost(t, '/api-pay/pay/plan/create', planBody(order, planId, price, { email }));
  expect(created.statusCode, created.body).toBe(200);
  const { payment, next } = created.json().data;
  expect((await payInFrame(t, next.url, '4242424242424242')).statusCode).toBe(200);
  const status = await post(t, '/api-pay/pay/check/status', { orderNumber: order, paymentId: payment.paymentId });
  expect(status.json().data.orderStatus).toBe('paid');
  const sub = await t.deps.db.kysely
    .selectFrom('subscriptions')
    .selectAll()
    .where('order_number', '=', order)
    .executeTakeFirstOrThrow();
  return { order, sub, payment };
}

/** A subscription's charges in the order they were made: by period, then attempt (PostgreSQL has no set order without it). */
const charges = (t: TestApp, subscriptionId: string) =>
  t.deps.db.kysely
    .selectFrom('subscription_charges')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('period_no')
    .orderBy('attempt')
    .execute();

/** Runs the scheduler until nothing is due (as the interval would, over time). */
async function runScheduler(t: TestApp) {
  for (let i = 0; i < 20 && (await t.checkout.scheduler.runOnce()) > 0; i++);
}

describe.each(dialects())('plans, trials, renewals and cancelling, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('lists the plans priced per country: the weekly trial, monthly, and the daily rate billed every 4 weeks', async () => {
    const us = (await get(t, '/api/exam/plan/list/1799/US/en')).json().data;
    expect(us.currency).toBe('USD');
    expect(us.methods).toEqual(['card', 'paypal']);
    const byId = Object.fromEntries(us.plans.map((p: { planId: string }) => [p.planId, p]));
    expect(byId.weekly).toMatchObject({
      interval: 'WEEK',
      intervalCount: 1,
      trialDays: 3,
      title: 'Weekly plan',
      price: { amount: 1999, trialAmount: 199, todayAmount: 199 },
    });
    expect(byId.monthly).toMatchObject({ interval: 'MONTH', trialDays: 0, price: { amount: 4999, todayAmount: 4999 } });
    expect(byId.fourweekly).toMatchObject({ interval: 'WEEK', intervalCount: 4, price: { amount: 1999, perDay: 71 } });
    const fr = (await get(t, '/api/exam/plan/list/1799/FR/fr')).json().data;
    expect(fr.currency).toBe('EUR');
    expect(fr.plans[0].title).not.toBe('Weekly plan');
    const second = await get(t, '/api/secondPhase/plan/sku/list/1799/US?hl=ja');
    expect(second.statusCode).toBe(200);
    expect(second.json().data.plans).toHaveLength(3);
  });

  it('refuses a plan checkout whose shown terms differ from the plan (today or after the trial)', async () => {
    const order = await paidReadyOrder(t);
    const price = await planPrice(t, 'weekly');
    const lower = await ownerPost(
      t,
      '/api-pay/pay/plan/create',
      planBody(order, 'weekly', { ...price, amount: price.amount - 100 }),
    );
    expect(lower.statusCode).toBe(409);
    expect(lower.json().code).toBe('PRICE_CHANGED');
    const unticked = await ownerPost(t, '/api-pay/pay/plan/create', {
      ...planBody(order, 'weekly', price),
      consent: { terms: false, termsVersion: '1', disclosureVersion: '1' },
    });
    expect(unticked.statusCode).toBe(400);
    // The disclosure's wording has one version, the contract's: consent to other words is not this consent.
    const staleWords = await ownerPost(t, '/api-pay/pay/plan/create', {
      ...planBody(order, 'weekly', price),
      consent: { terms: true, termsVersion: '1', disclosureVersion: '0' },
    });
    expect([staleWords.statusCode, staleWords.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('trial: consent stored, confirmation with the terms; reminder 48 h before; then the weekly charge and its receipt', async () => {
    const email = 'trial@example.com';
    const started = t.clock.now();
    const { order, sub, payment } = await takePlan(t, email);
    expect(sub).toMatchObject({
      status: 'trialing',
      plan_id: 'weekly',
      amount_minor: 1999,
      currency: 'USD',
      period_no: 0,
    });
    expect(sub.trial_end_at).toBe(started + 3 * DAY);
    expect(sub.method_ref).toMatch(/^pm_/);
    const stored = await t.deps.db.kysely
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', payment.paymentId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ plan_id: 'weekly', amount_minor: 199, sku_id: 'sku3' });
    expect(JSON.parse(stored.consent)).toMatchObject({
      terms: true,
      disclosureVersion: PLAN_DISCLOSURE_VERSION,
      shownAmount: 199,
      shownRecurringAmount: 1999,
      trialDays: 3,
    });

    const [confirm] = await mails(t, 'reportReady', email);
    const payload = JSON.parse(confirm?.payload ?? '{}');
    expect(payload.subscription).toMatchObject({ planId: 'weekly', amountMinor: 1999, trialEndsAt: sub.trial_end_at });
    expect(payload.subscription.cancelUrl).toContain('/cancel/subscription/IQB-1799?sub=');
    const checkout = (await ownerGet(t, `/api/exam/order/sku/check/${order}`, order)).json().data;
    expect(checkout.subscription).toMatchObject({
      planId: 'weekly',
      status: 'trialing',
      cancelRequested: false,
      amount: 1999,
    });

    // 47 h before the end: nothing yet; then the reminder, once however often the scheduler runs.
    t.clock.set(started + 3 * DAY - 49 * HOUR);
    await runScheduler(t);
    expect(await mails(t, 'trialReminder', email)).toHaveLength(0);
    t.clock.set(started + 3 * DAY - 47 * HOUR);
    await runScheduler(t);
    await runScheduler(t);
    const reminders = await mails(t, 'trialReminder', email);
    expect(reminders).toHaveLength(1);
    expect(JSON.parse(reminders[0]?.payload ?? '{}')).toMatchObject({ chargeAt: sub.trial_end_at, amountMinor: 1999 });
    expect(await charges(t, sub.id)).toHaveLength(0);

    t.clock.set(started + 3 * DAY + 60_000);
    await runScheduler(t);
    const after = await t.deps.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'active', period_no: 1, current_period_start: sub.trial_end_at });
    expect(after.current_period_end).toBe((sub.trial_end_at ?? 0) + 7 * DAY);
    const paid = await charges(t, sub.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: 'succeeded', amount_minor: 1999, period_no: 1 });
    const receipts = await mails(t, 'renewalReceipt', email);
    expect(receipts).toHaveLength(1);
    expect(JSON.parse(receipts[0]?.payload ?? '{}')).toMatchObject({ trialConverted: true, amountMinor: 1999 });
    // The processor holds one charge for it, made off-session on the saved method.
    const processorSide = await t.deps.db.kysely
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('payment_method_id', '=', sub.method_ref)
      .where('amount_minor', '=', 1999)
      .execute();
    expect(processorSide).toHaveLength(1);
  });

  it('one-click cancel from an e-mail: one confirm, a confirmation e-mail, access to the end of the period, no further charge', async () => {
    const email = 'oneclick@example.com';
    const { sub } = await takePlan(t, email);
    const [confirm] = await mails(t, 'reportReady', email);
    const cancelUrl = new URL(JSON.parse(confirm?.payload ?? '{}').subscription.cancelUrl);
    const id = cancelUrl.searchParams.get('sub') ?? '';
    const token = cancelUrl.searchParams.get('token') ?? '';
    expect(id).toBe(sub.id);

    const info = await get(t, `/api/unsubscribe/subscription/${id}?token=${encodeURIComponent(token)}`);
    expect(info.json().data).toMatchObject({ planId: 'weekly', status: 'trialing', cancelRequested: false });
    const forged = await get(t, `/api/unsubscribe/subscription/${id}?token=${encodeURIComponent(`${token}x`)}`);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CANCEL_LINK_INVALID');

    const done = await post(t, '/api-pay/unsubscribe/cancel', { subscriptionId: id, token, hl: 'en' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({
      canceled: 1,
      subscriptions: [{ cancelRequested: true, nextChargeAt: null }],
    });
    const again = await post(t, '/api-pay/unsubscribe/cancel', { subscriptionId: id, token, hl: 'en' });
    expect(again.json().data.canceled).toBe(0);
    expect(await mails(t, 'subscriptionCanceled', email)).toHaveLength(1);

    t.clock.set(sub.current_period_end + 8 * DAY);
    await runScheduler(t);
    expect(await charges(t, sub.id)).toHaveLength(0);
    const ended = await t.deps.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(ended).toMatchObject({ status: 'canceled', ended_at: sub.current_period_end, next_run_at: null });
  });

  it('cancel by e-mail: the address is sent a one-click link per plan, which cancels it (security-cancel-by-email)', async () => {
    const email = 'Byemail@Example.com';
    await takePlan(t, email.toLowerCase(), 'monthly');
    const sent = await post(
      t,
      '/api-pay/unsubscribe/check/email',
      { email, hl: 'de' },
      { 'x-forwarded-for': '10.9.0.1' },
    );
    expect(sent.json().data).toEqual({ sent: true });
    const [mail] = await mails(t, 'cancelLinks', email.toLowerCase());
    expect(mail?.locale).toBe('de');
    const link = new URL(JSON.parse(mail?.payload ?? '{}').subscriptions[0].cancelUrl);
    const cancelled = await post(
      t,
      '/api-pay/unsubscribe/cancel',
      { subscriptionId: link.searchParams.get('sub'), token: link.searchParams.get('token'), hl: 'de' },
      { 'x-forwarded-for': '10.9.0.1' },
    );
    expect(cancelled.json().data.canceled).toBe(1);
    const [confirmed] = await mails(t, 'subscriptionCanceled', email.toLowerCase());
    expect(confirmed?.locale).toBe('de');
  });

  it('a plan paid with PayPal (sandbox): the approval is kept as the billing agreement and renews', async () => {
    const order = await paidReadyOrder(t);
    const price = await planPrice(t, 'weekly');
    const created = await ownerPost(
      t,
      '/api-pay/pay/plan/create',
      planBody(order, 'weekly', price, { method: 'paypal', email: 'paypal-plan@example.com' }),
    );
    expect(created.json().data.next.type).toBe('redirect');
    const id = /\/paypal\/([^?]+)/.exec(created.json().data.next.url)?.[1];
    const approved = await t.app.inject({
      method: 'POST',
      url: `/sandbox-processor/paypal/${id}/decision?hl=en`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(approved.statusCode).toBeLessThan(400);
    await post(t, '/api-pay/pay/check/status', { orderNumber: order });
    const sub = await t.deps.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('order_number', '=', order)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ method: 'paypal', status: 'trialing' });
    expect(sub.method_ref).toMatch(/^pm_/);
    t.clock.set(sub.current_period_end + 1000);
    await runScheduler(t);
    expect((await charges(t, sub.id)).map((c) => c.status)).toEqual(['succeeded']);
  });

  it('limits cancel requests per address and per client', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await post(
        t,
        '/api-pay/unsubscribe/check/email',
        { email: 'probe@example.com' },
        { 'x-forwarded-for': '10.9.0.2' },
      );
      codes.push(r.statusCode);
    }
    expect(codes.slice(0, 5).every((c) => c === 200)).toBe(true);
    expect(codes.slice(5)).toEqual([429, 429]);
  });

  it('a card that starts failing: past due with a notice, retried, then the plan ends; nothing charged twice', async () => {
    const email = 'failing@example.com';
    const { sub } = await takePlan(t, email, 'fourweekly');
    expect(sub).toMatchObject({ status: 'active', trial_end_at: null });
    expect(sub.current_period_end - sub.current_period_start).toBe(28 * DAY);
    await t.checkout.processor.setMethodFailing(sub.method_ref ?? '', true);
    t.clock.set(sub.current_period_end + 1000);
    await runScheduler(t);
    let row = await t.deps.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'past_due', failed_attempts: 1 });
    expect(await mails(t, 'renewalFailed', email)).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(25 * HOUR);
      await runScheduler(t);
    }
    row = await t.deps.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'canceled', failed_attempts: 3, next_run_at: null });
    const tried = await charges(t, sub.id);
    expect(tried.map((c) => c.status)).toEqual(['failed', 'failed', 'failed']);
    expect(await mails(t, 'renewalFailed', email)).toHaveLength(3);
  });
});

describe.runIf(dialects().includes('postgres'))(
  'two instances on one PostgreSQL run the scheduler at the same time',
  () => {
    it('charges every renewal once and sends one receipt each', async () => {
      const t = await createTestApp('postgres');
      const clock2 = new ManualClock(t.clock.now());
      const second = await buildApp({
        env: testEnv(),
        db: openDatabase(t.testDb.url, 10),
        clock: clock2,
        logger: false,
      });
      try {
        const subs = [];
        for (let i = 0; i < 6; i++) subs.push((await takePlan(t, `pair${i}@example.com`)).sub);
        const end = Math.max(...subs.map((s) => s.current_period_end));
        for (const week of [0, 1, 2]) {
          t.clock.set(end + week * 7 * DAY + 60_000);
          clock2.set(t.clock.now());
          await Promise.all([
            runScheduler(t),
            (async () => {
              for (let i = 0; i < 20 && (await second.checkout.scheduler.runOnce()) > 0; i++);
            })(),
          ]);
        }
        for (const s of subs) {
          const made = await charges(t, s.id);
          expect(made.map((c) => [c.period_no, c.status])).toEqual([
            [1, 'succeeded'],
            [2, 'succeeded'],
            [3, 'succeeded'],
          ]);
          expect(await mails(t, 'renewalReceipt', s.email)).toHaveLength(3);
          const atProcessor = await t.deps.db.kysely
            .selectFrom('sandbox_payments')
            .select('id')
            .where('payment_method_id', '=', s.method_ref)
            .where('amount_minor', '=', 1999)
            .execute();
          expect(atProcessor).toHaveLength(3);
        }
      } finally {
        await second.app.close();
        await second.deps.db.close();
        await t.close();
      }
    });
  },
);
