import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrderNumber } from '../src/lib/ids';
import { get, ownerPost, paidReadyOrder, payInFrame, planBody, post } from './checkout-helpers';
import { operatorCookie } from './console-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

const DAY = 86_400_000;
let ipCounter = 0;
const freshIp = () => `10.24.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** Plan prices edited in the console apply to new orders only; subscriptions keep theirs (decision 0038). */
describe.each(dialects())('the catalogue: orders keep their plan prices, the console edits them, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      remoteAddress: freshIp(),
      ...(payload !== undefined ? { payload: payload as object } : {}),
      headers: { cookie: `IQ-token=${cookie}` },
    });
  const codeOf = (res: LightMyRequestResponse) => [res.statusCode, res.json().code];

  /** An operator signed in (one-time link) with the second factor passed. */
  const operator = (email: string) => operatorCookie(t, email, freshIp);

  /** The weekly plan as the report choice shows it for an order (or, without one, for a new visitor). */
  async function weekly(country: string, order?: string) {
    const res = await get(t, `/api/exam/plan/list/1799/${country}/en${order ? `?order=${order}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.plans.find((p: { planId: string }) => p.planId === 'weekly').price as {
      amount: number;
      todayAmount: number;
      currency: string;
    };
  }

  async function payPlan(order: string, price: { amount: number; todayAmount: number; currency: string }) {
    const created = await ownerPost(
      t,
      '/api-pay/pay/plan/create',
      planBody(order, 'weekly', price, { country: 'GB', email: `${order.toLowerCase()}@example.com` }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { payment, next } = created.json().data;
    expect((await payInFrame(t, next.url, '4242424242424242')).statusCode).toBe(200);
    const status = await post(t, '/api-pay/pay/check/status', { orderNumber: order, paymentId: payment.paymentId });
    expect(status.json().data.orderStatus).toBe('paid');
    return t.deps.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('order_number', '=', order)
      .executeTakeFirstOrThrow();
  }

  const setWeekly = (cookie: string, amountMinor: number, trialAmountMinor: number) =>
    call('POST', '/api/console/catalogue/plan-price', cookie, {
      examId: 1799,
      planId: 'weekly',
      country: 'GB',
      amountMinor,
      trialAmountMinor,
    });

  it('an order starts its plan at the price it was shown; a new order at the new one; a subscription renews at its own', async () => {
    const cookie = await operator('plan-prices@example.com');
    const shownOld = await paidReadyOrder(t);
    const old = await weekly('GB', shownOld);
    expect(old).toMatchObject({ currency: 'GBP', amount: 1699, todayAmount: 149 });

    const changed = await setWeekly(cookie, 1899, 199);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      planId: 'weekly',
      country: 'GB',
      amountMinor: 1899,
      trialAmountMinor: 199,
    });
    // A new visitor and a new order see the new price; the order shown the old one still sees it.
    expect(await weekly('GB')).toMatchObject({ amount: 1899, todayAmount: 199 });
    const fresh = await paidReadyOrder(t);
    expect(await weekly('GB', fresh)).toMatchObject({ amount: 1899, todayAmount: 199 });
    expect(await weekly('GB', shownOld)).toMatchObject({ amount: 1699, todayAmount: 149 });

    // The order shown the old price pays it, and its subscription starts at it.
    const sub = await payPlan(shownOld, old);
    expect(sub).toMatchObject({ status: 'trialing', amount_minor: 1699, currency: 'GBP' });
    const firstPayment = await t.deps.db.kysely
      .selectFrom('payments')
      .select('amount_minor')
      .where('id', '=', sub.first_payment_id)
      .executeTakeFirstOrThrow();
    expect(firstPayment.amount_minor).toBe(149);

    // The new order cannot pay the old price: it was never shown it.
    const stale = await ownerPost(t, '/api-pay/pay/plan/create', planBody(fresh, 'weekly', old, { country: 'GB' }));
    expect(codeOf(stale)).toEqual([409, 'PRICE_CHANGED']);
    const freshSub = await payPlan(fresh, await weekly('GB', fresh));
    expect(freshSub).toMatchObject({ amount_minor: 1899 });

    expect((await setWeekly(cookie, 2499, 249)).statusCode).toBe(200);
    // One audit row per change, with the prices before and after.
    const rows = await t.deps.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'catalogue.planPrice')
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]?.target).toBe('plan-price:1799:weekly:GB');
    expect(JSON.parse(rows[0]?.before_json ?? '')).toMatchObject({ amountMinor: 1699, trialAmountMinor: 149 });
    expect(JSON.parse(rows[0]?.after_json ?? '')).toMatchObject({ amountMinor: 1899, trialAmountMinor: 199 });
    // Saving the same prices again changes nothing and writes no row.
    expect((await setWeekly(cookie, 2499, 249)).statusCode).toBe(200);
    const listed = (await call('GET', '/api/console/catalogue', cookie)).json().data.plans;
    expect(listed).toContainEqual(
      expect.objectContaining({ planId: 'weekly', country: 'GB', amountMinor: 2499, trialAmountMinor: 249 }),
    );
    expect(
      await t.deps.db.kysely.selectFrom('audit_log').select('id').where('action', '=', 'catalogue.planPrice').execute(),
    ).toHaveLength(2);
    // A later change reaches neither subscription: the trial converts and renews at the price agreed.
    t.clock.advance(3 * DAY + 60_000);
    for (let i = 0; i < 20 && (await t.checkout.scheduler.runOnce()) > 0; i++);
    t.clock.advance(7 * DAY);
    for (let i = 0; i < 20 && (await t.checkout.scheduler.runOnce()) > 0; i++);
    const charged = await t.deps.db.kysely
      .selectFrom('subscription_charges')
      .select(['subscription_id', 'amount_minor', 'status', 'period_no'])
      .where('subscription_id', 'in', [sub.id, freshSub.id])
      .orderBy('period_no')
      .execute();
    const of = (id: string) => charged.filter((c) => c.subscription_id === id);
    expect(of(sub.id).map((c) => [c.period_no, c.amount_minor, c.status])).toEqual([
      [1, 1699, 'succeeded'],
      [2, 1699, 'succeeded'],
    ]);
    expect(of(freshSub.id).map((c) => [c.period_no, c.amount_minor, c.status])).toEqual([
      [1, 1899, 'succeeded'],
      [2, 1899, 'succeeded'],
    ]);
  });

  it('copies the shown plan prices once, however many first views arrive together', async () => {
    const order = await paidReadyOrder(t);
    const shown = await Promise.all(Array.from({ length: 6 }, () => weekly('CA', order)));
    expect(new Set(shown.map((p) => p.amount)).size).toBe(1);
    const kept = await t.deps.db.kysely
      .selectFrom('order_plan_prices')
      .select(['country', 'plan_id'])
      .where('order_number', '=', order)
      .execute();
    expect(kept.map((r) => `${r.country}:${r.plan_id}`).sort()).toEqual(['CA:fourweekly', 'CA:monthly', 'CA:weekly']);
    // An order number nobody holds copies nothing.
    const unknown = await get(t, `/api/exam/plan/list/1799/CA/en?order=${newOrderNumber()}`);
    expect(codeOf(unknown)).toEqual([404, 'ORDER_NOT_FOUND']);
    const malformed = await get(t, '/api/exam/plan/list/1799/CA/en?order=MG-nope');
    expect(codeOf(malformed)).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('refuses plan prices a visitor could not be shown, with a translated error and no audit row', async () => {
    const cookie = await operator('plan-refusals@example.com');
    const body = { examId: 1799, planId: 'weekly', country: 'JP', amountMinor: 298_000, trialAmountMinor: 30_000 };
    const post = (over: Record<string, unknown>, lang = 'en') =>
      t.app.inject({
        method: 'POST',
        url: '/api/console/catalogue/plan-price',
        remoteAddress: freshIp(),
        payload: { ...body, ...over },
        headers: { cookie: `IQ-token=${cookie}`, 'accept-language': lang },
      });
    expect(codeOf(await post({ trialAmountMinor: 30_050 }))).toEqual([400, 'PRICE_MINOR_UNITS']);
    expect(codeOf(await post({ trialAmountMinor: 300_000 }))).toEqual([400, 'TRIAL_ABOVE_PRICE']);
    expect(codeOf(await post({ trialAmountMinor: null }))).toEqual([400, 'PLAN_TRIAL_FIXED']);
    expect(codeOf(await post({ planId: 'monthly', amountMinor: 748_000 }))).toEqual([400, 'PLAN_TRIAL_FIXED']);
    expect(codeOf(await post({ country: 'ZZ' }))).toEqual([404, 'PRICE_NOT_FOUND']);
    for (const bad of [{ planId: 'yearly' }, { amountMinor: 0 }, { amountMinor: 1.5 }, { trialAmountMinor: -1 }]) {
      expect(codeOf(await post(bad)), JSON.stringify(bad)).toEqual([400, 'VALIDATION_FAILED']);
    }
    const de = await post({ trialAmountMinor: 300_000 }, 'de');
    expect(de.json().message).toBe('Der Testpreis darf nicht höher sein als der Preis des Abos.');
    const rows = await t.deps.db.kysely
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'catalogue.planPrice')
      .execute();
    expect(rows.filter((r) => r.target.includes(':JP') || r.target.includes(':ZZ'))).toEqual([]);
    // The price is unchanged.
    const listed = (await call('GET', '/api/console/catalogue', cookie)).json().data.plans;
    expect(listed).toContainEqual(
      expect.objectContaining({ planId: 'weekly', country: 'JP', amountMinor: 298_000, trialAmountMinor: 30_000 }),
    );
  });
});
