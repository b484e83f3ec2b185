import { endpoints } from '@mindgauge/contract';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../src/modules/console/totp';
import {
  buyReport,
  deliverMail,
  mails,
  ownerPost,
  paidReadyOrder,
  payInFrame,
  planBody,
  planPrice,
  post,
  readerCookie,
  shownPrice,
} from './checkout-helpers';
import { startTest } from './exam-session';
import { honest } from './routed-taker';
import { createTestApp, dialects, type TestApp } from './test-app';

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** Every console call with a path that exists (placeholders filled in), for the access walk. */
const consoleCalls = Object.values(endpoints)
  .filter((e) => e.tags.includes('console'))
  .map((e) => ({
    id: e.id,
    method: e.method,
    url: `/api${e.path
      .replace(':orderNumber', 'MGxxxxxxxxxxxxxxxxxxxxxx')
      .replace(':code', 'X')
      .replace(':chargeId', 'ch')
      .replace(':examId/:country/:hl', '1799/US/en')
      .replace(
        ':id',
        '1',
      )}${e.id === 'consoleSubscriptions' ? '?email=a@b.c' : ''}${e.id.startsWith('consoleFunnel') ? '?from=2026-01-01&to=2026-01-02' : ''}`,
    payload:
      e.method === 'POST'
        ? {
            code: '123456',
            revokeAccess: true,
            message: 'x',
            percentOff: 10,
            // The catalogue's edits (a valid body, so the walk reaches the access check).
            examId: 1799,
            skuId: 'sku1',
            country: 'US',
            listMinor: 999,
            offerMinor: 499,
            planId: 'weekly',
            amountMinor: 1999,
            trialAmountMinor: 199,
            minutes: 15,
          }
        : undefined,
  }));
const secondFactorCalls = new Set(['consoleMe', 'consoleTotpEnrol', 'consoleTotpVerify']);

describe.each(dialects())('the operator console, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie: string | undefined, payload?: unknown, ip?: string) =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip ?? '127.0.0.1',
      ...(payload !== undefined ? { payload: payload as object } : {}),
      headers: cookie ? { cookie: `IQ-token=${cookie}` } : {},
    });
  const tokenOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'IQ-token')?.value ?? '';
  const codeOf = (res: LightMyRequestResponse) => [res.statusCode, res.json().code];

  /** Signs in with the one-time link the operator command prints (as a plain account would too). */
  async function signedIn(email: string): Promise<string> {
    const link = new URL(t.accounts.signInUrl(email, 1799, 'en')).searchParams.get('link');
    const res = await call('POST', '/api/user/login/link', undefined, { token: link }, freshIp());
    expect(res.statusCode, res.body).toBe(200);
    return tokenOf(res);
  }

  async function operator(email: string): Promise<{ cookie: string; secret: string }> {
    const account = await t.accounts.ensureAccount(email, 'en');
    await t.console.repo.grantOperator(account.id, t.clock.now());
    const cookie = await signedIn(email);
    const enrol = await call('POST', '/api/console/totp/enrol', cookie);
    expect(enrol.statusCode, enrol.body).toBe(200);
    const { secret, uri, qr } = enrol.json().data;
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(qr.length).toBeGreaterThan(20);
    const ok = await call('POST', '/api/console/totp/verify', cookie, { code: totpCode(secret, t.clock.now()) });
    expect(ok.statusCode, ok.body).toBe(200);
    t.clock.advance(30_000); // the next code is a new time step
    return { cookie, secret };
  }

  const auditCount = async (action: string) =>
    (await t.deps.db.kysely.selectFrom('audit_log').select('id').where('action', '=', action).execute()).length;

  it('refuses every console call to a visitor (401), a plain user (403) and an operator without the second factor', async () => {
    const user = await signedIn('plain.user@example.com');
    await t.accounts.ensureAccount('half.operator@example.com', 'en');
    const half = await t.accounts.ensureAccount('half.operator@example.com', 'en');
    await t.console.repo.grantOperator(half.id, t.clock.now());
    const halfCookie = await signedIn('half.operator@example.com');
    expect(consoleCalls.length).toBeGreaterThanOrEqual(16);
    for (const c of consoleCalls) {
      const anonymous = await call(c.method, c.url, undefined, c.payload);
      expect(codeOf(anonymous), `${c.id} anonymous`).toEqual([401, 'NOT_SIGNED_IN']);
      const plain = await call(c.method, c.url, user, c.payload);
      expect(codeOf(plain), `${c.id} plain user`).toEqual([403, 'NOT_OPERATOR']);
      if (!secondFactorCalls.has(c.id)) {
        const noFactor = await call(c.method, c.url, halfCookie, c.payload);
        expect(codeOf(noFactor), `${c.id} without second factor`).toEqual([403, 'SECOND_FACTOR_REQUIRED']);
      }
    }
    const me = await call('GET', '/api/console/me', halfCookie);
    expect(me.json().data).toEqual({ email: 'half.operator@example.com', role: 'operator', secondFactor: 'enrol' });
  });

  it('a code works once, a wrong code is refused, guessing is rate limited, and a new sign-in asks again', async () => {
    const { secret } = await operator('totp.operator@example.com');
    const second = await signedIn('totp.operator@example.com');
    const me = await call('GET', '/api/console/me', second);
    expect(me.json().data.secondFactor).toBe('verify');
    const code = totpCode(secret, t.clock.now());
    expect((await call('POST', '/api/console/totp/verify', second, { code })).statusCode).toBe(200);
    // The same code again (seen over a shoulder) is refused, even from a new sign-in.
    const third = await signedIn('totp.operator@example.com');
    expect(codeOf(await call('POST', '/api/console/totp/verify', third, { code }))).toEqual([400, 'TOTP_INVALID']);
    expect(codeOf(await call('POST', '/api/console/totp/verify', third, { code: 'abc' }))).toEqual([
      400,
      'TOTP_INVALID',
    ]);
    const wrong = String((Number(totpCode(secret, t.clock.now())) + 1) % 1_000_000).padStart(6, '0');
    const answers: number[] = [];
    for (let i = 0; i < 6; i++)
      answers.push((await call('POST', '/api/console/totp/verify', third, { code: wrong })).statusCode);
    expect(answers).toContain(429);
    // Enrolment cannot be restarted from the console once confirmed (no takeover by a stolen session).
    expect(codeOf(await call('POST', '/api/console/totp/enrol', second))).toEqual([403, 'SECOND_FACTOR_REQUIRED']);
  });

  it('refunds exactly once under 20 concurrent clicks, closes the report, and writes one audit row', async () => {
    const { cookie } = await operator('refunds@example.com');
    const order = await buyReport(t, 'refund.buyer@example.com');
    const reader = await readerCookie(t, order);
    const before = await t.app.inject({ method: 'GET', url: `/api/exam/order/info/${order}`, cookies: reader });
    expect(before.statusCode, before.body).toBe(200);

    const clicks = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', `/api/console/orders/${order}/refund`, cookie, { revokeAccess: true }),
      ),
    );
    expect(clicks.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(clicks.filter((r) => r.json().data.changed)).toHaveLength(1);
    expect(clicks.every((r) => r.json().data.orderStatus === 'refunded')).toBe(true);
    const refundsAtProcessor = await t.deps.db.kysely
      .selectFrom('sandbox_events')
      .select('id')
      .where('type', '=', 'payment.refunded')
      .execute();
    const payment = await t.deps.db.kysely
      .selectFrom('payments')
      .select(['refund_status', 'provider_ref'])
      .where('order_number', '=', order)
      .executeTakeFirstOrThrow();
    expect(payment.refund_status).toBe('refunded');
    const sandbox = await t.deps.db.kysely
      .selectFrom('sandbox_payments')
      .select('refunded')
      .where('id', '=', payment.provider_ref as string)
      .executeTakeFirstOrThrow();
    expect(Number(sandbox.refunded)).toBe(1);
    expect(refundsAtProcessor.length).toBeGreaterThanOrEqual(1);
    expect(await auditCount('order.refund')).toBe(1);
    expect(await auditCount('order.close-access')).toBe(1);

    const after = await t.app.inject({ method: 'GET', url: `/api/exam/order/info/${order}`, cookies: reader });
    expect(codeOf(after)).toEqual([402, 'REPORT_LOCKED']);
    const story = (await call('GET', `/api/console/orders/${order}`, cookie)).json().data;
    expect(story.order.status).toBe('refunded');
    expect(story.payments[0]).toMatchObject({ status: 'succeeded', refundStatus: 'refunded', purpose: 'report' });
    expect(story.audit.map((a: { action: string }) => a.action).sort()).toEqual(['order.close-access', 'order.refund']);
    expect(story.mails.map((m: { template: string }) => m.template)).toContain('reportReady');
    // Nothing left to refund: a later click changes nothing and writes nothing.
    const again = await call('POST', `/api/console/orders/${order}/refund`, cookie, { revokeAccess: false });
    expect(again.json().data).toEqual({ refund: 'refunded', orderStatus: 'refunded', changed: false });
    expect(await auditCount('order.refund')).toBe(1);
  });

  it('a refund can keep the report open; an unpaid order has nothing to refund', async () => {
    const { cookie } = await operator('keeps@example.com');
    const order = await buyReport(t, 'keep.buyer@example.com');
    const res = await call('POST', `/api/console/orders/${order}/refund`, cookie, { revokeAccess: false });
    expect(res.json().data).toMatchObject({ refund: 'refunded', orderStatus: 'paid', changed: true });
    const reader = await readerCookie(t, order);
    const info = await t.app.inject({ method: 'GET', url: `/api/exam/order/info/${order}`, cookies: reader });
    expect(info.statusCode).toBe(200);
    const unknown = await call('POST', '/api/console/orders/MGnotanorderatallxxxxxxx/refund', cookie, {
      revokeAccess: true,
    });
    expect(codeOf(unknown)).toEqual([404, 'ORDER_NOT_FOUND']);
    const unpaid = await paidReadyOrder(t);
    const nothing = await call('POST', `/api/console/orders/${unpaid}/refund`, cookie, { revokeAccess: true });
    expect(codeOf(nothing)).toEqual([409, 'NOT_REFUNDABLE']);
    const story = (await call('GET', `/api/console/orders/${unpaid}`, cookie)).json().data;
    expect(story.order.status).toBe('pending_payment');
  });

  it('finds orders by number, by part of the address and by day', async () => {
    const { cookie } = await operator('finder@example.com');
    const order = await buyReport(t, 'Findable.Person@Example.com');
    const byNumber = (await call('GET', `/api/console/orders?q=${order}`, cookie)).json().data.orders;
    expect(byNumber.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([order]);
    const byMail = (await call('GET', '/api/console/orders?q=findable.person', cookie)).json().data.orders;
    expect(byMail.map((o: { orderNumber: string }) => o.orderNumber)).toContain(order);
    // A LIKE wildcard typed by the operator is a character, not "anything".
    const wildcard = (await call('GET', '/api/console/orders?q=%25', cookie)).json().data.orders;
    expect(wildcard).toEqual([]);
    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    const byDay = (await call('GET', `/api/console/orders?from=${day}&to=${day}`, cookie)).json().data.orders;
    expect(byDay.map((o: { orderNumber: string }) => o.orderNumber)).toContain(order);
    const bad = await call('GET', '/api/console/orders?from=yesterday', cookie);
    expect(codeOf(bad)).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('a promo code made in the console prices new orders at once, and ends when expired; each action audited', async () => {
    const { cookie } = await operator('promos@example.com');
    const made = await call('POST', '/api/console/promo-codes', cookie, { code: 'spring-25', percentOff: 25 });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ code: 'SPRING-25', percentOff: 25, active: true, redemptions: 0 });
    const taken = await call('POST', '/api/console/promo-codes', cookie, { code: 'SPRING-25', percentOff: 10 });
    expect(codeOf(taken)).toEqual([409, 'PROMO_CODE_TAKEN']);
    const badCode = await call('POST', '/api/console/promo-codes', cookie, { code: 'no spaces!', percentOff: 10 });
    expect(codeOf(badCode)).toEqual([400, 'PROMO_CODE_FORMAT']);
    const tooMuch = await call('POST', '/api/console/promo-codes', cookie, { code: 'ALLFREE', percentOff: 100 });
    expect(codeOf(tooMuch)).toEqual([400, 'VALIDATION_FAILED']);

    // A visitor's order made after the code: its price list applies the code at once.
    const order = await paidReadyOrder(t);
    const full = (await shownPrice(t, order, 'sku2')) as unknown as {
      amount: number;
      listAmount: number;
      percentOff: number;
    };
    const discounted = (await shownPrice(t, order, 'sku2', 'US', 'spring-25')) as unknown as typeof full;
    expect(discounted.percentOff).toBe(25);
    expect(discounted.amount).toBeLessThan(full.amount);
    expect(Math.abs(discounted.amount - full.amount * 0.75)).toBeLessThanOrEqual(1);

    const ended = await call('POST', '/api/console/promo-codes/spring-25/expire', cookie);
    expect(ended.json().data.active).toBe(false);
    const check = await t.app.inject({ method: 'GET', url: '/api/exam/sku/list/1799/US/en?promo=SPRING-25' });
    expect(check.json().code).toBe('PROMO_EXPIRED');
    expect(await auditCount('promo.create')).toBe(1);
    expect(await auditCount('promo.expire')).toBe(1);
    const list = (await call('GET', '/api/console/promo-codes', cookie)).json().data.codes;
    expect(list.find((p: { code: string }) => p.code === 'SPRING-25')).toMatchObject({ active: false });
  });

  it('answers a ticket by e-mail in its language, marks it done, and retries a failed e-mail', async () => {
    const { cookie } = await operator('support.desk@example.com');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/app/support/contact',
      remoteAddress: freshIp(),
      payload: {
        name: 'Kenji',
        email: 'kenji@example.jp',
        topic: 'report',
        message: 'レポートが届きません。',
        examId: 1799,
        hl: 'ja',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const open = (await call('GET', '/api/console/tickets', cookie)).json().data.tickets;
    const ticket = open.find((x: { email: string }) => x.email === 'kenji@example.jp');
    expect(ticket).toMatchObject({ status: 'open', locale: 'ja', replies: [] });
    const replied = await call('POST', `/api/console/tickets/${ticket.id}/reply`, cookie, {
      message: 'We have sent the report again.',
    });
    expect(replied.json().data.replies).toEqual([
      expect.objectContaining({ by: 'support.desk@example.com', message: 'We have sent the report again.' }),
    ]);
    await deliverMail(t);
    const [reply] = await mails(t, 'supportReply', 'kenji@example.jp');
    expect(reply?.status).toBe('sent');
    expect(reply?.locale).toBe('ja');
    const done = await call('POST', `/api/console/tickets/${ticket.id}/done`, cookie);
    expect(done.json().data.status).toBe('done');
    const stillOpen = (await call('GET', '/api/console/tickets?status=open', cookie)).json().data.tickets;
    expect(stillOpen.map((x: { id: string }) => x.id)).not.toContain(ticket.id);
    expect(codeOf(await call('POST', '/api/console/tickets/T-nope/done', cookie))).toEqual([404, 'TICKET_NOT_FOUND']);

    // A failed e-mail goes back in the queue from the console (and only a failed one).
    await t.deps.db.kysely
      .updateTable('mail_outbox')
      .set({ status: 'failed' })
      .where('id', '=', reply?.id as number)
      .execute();
    const retried = await call('POST', `/api/console/mail/${reply?.id}/retry`, cookie);
    // Back in the queue (the worker, kicked, may already have claimed it), then sent again.
    expect(['pending', 'sending', 'sent']).toContain(retried.json().data.status);
    await deliverMail(t);
    const [again] = await mails(t, 'supportReply', 'kenji@example.jp');
    expect(again?.status).toBe('sent');
    expect(again?.attempts).toBe(2);
    // Only a failed e-mail is requeued: retrying a sent one changes nothing and writes no audit row.
    const sentRetry = await call('POST', `/api/console/mail/${reply?.id}/retry`, cookie);
    expect(sentRetry.json().data.status).toBe('sent');
    const failedList = (await call('GET', '/api/console/mail?status=failed', cookie)).json().data.mails;
    expect(failedList.map((m: { id: number }) => m.id)).not.toContain(reply?.id);
    expect(await auditCount('ticket.reply')).toBe(1);
    expect(await auditCount('ticket.done')).toBe(1);
    expect(await auditCount('mail.retry')).toBe(1);
  });

  it('moderates reviews: an approved one shows on the report choice, with the reply; each step audited', async () => {
    const { cookie } = await operator('moderator@example.com');
    const order = await buyReport(t, 'reviewer@example.com');
    const sent = await ownerPost(t, '/api/exam/review/submit', {
      orderNumber: order,
      rating: 5,
      content: 'The matrix puzzles were hard and fair.',
      hl: 'en',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const shownIds = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/exam/review/list/1799/en' }))
        .json()
        .data.reviews.map((r: { id: number }) => r.id);
    const queue = (await call('GET', '/api/console/reviews', cookie)).json().data.reviews;
    const mine = queue.find((r: { orderNumber: string }) => r.orderNumber === order);
    expect(mine).toMatchObject({ status: 'pending', rating: 5, verifiedBuyer: true, locale: 'en' });
    expect(await shownIds()).not.toContain(mine.id);

    const approved = await call('POST', `/api/console/reviews/${mine.id}/approve`, cookie);
    expect(approved.json().data).toMatchObject({ id: mine.id, status: 'approved' });
    expect(await shownIds()).toContain(mine.id);
    const replied = await call('POST', `/api/console/reviews/${mine.id}/reply`, cookie, { message: 'Thank you!' });
    expect(replied.json().data.reply).toBe('Thank you!');
    const queueAfter = (await call('GET', '/api/console/reviews', cookie)).json().data.reviews;
    expect(queueAfter.map((r: { id: number }) => r.id)).not.toContain(mine.id);

    const rejected = await call('POST', `/api/console/reviews/${mine.id}/reject`, cookie);
    expect(rejected.json().data.status).toBe('rejected');
    expect(await shownIds()).not.toContain(mine.id);
    expect((await call('POST', `/api/console/reviews/${mine.id}/remove`, cookie)).json().data).toEqual({
      removed: true,
    });
    expect(codeOf(await call('POST', `/api/console/reviews/${mine.id}/approve`, cookie))).toEqual([404, 'NOT_FOUND']);

    const demo = await call('POST', '/api/console/reviews/remove-demo', cookie);
    expect(demo.json().data.hidden).toBeGreaterThan(0);
    const left = (await t.app.inject({ method: 'GET', url: '/api/exam/review/list/1799/en' })).json().data.reviews;
    expect(left.filter((r: { demo: boolean }) => r.demo)).toEqual([]);

    const log = await t.deps.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'before_json', 'after_json'])
      .where('target', 'in', [`review:${mine.id}`, 'reviews:demo'])
      .orderBy('id')
      .execute();
    expect(log.map((r) => r.action)).toEqual([
      'review.approve',
      'review.reply',
      'review.reject',
      'review.remove',
      'review.remove-demo',
    ]);
    expect(JSON.parse(log[0]?.before_json as string)).toEqual({ status: 'pending', reply: null });
    expect(JSON.parse(log[0]?.after_json as string)).toEqual({ status: 'approved', reply: null });
  });

  it('finds a subscription by e-mail with its reminder and renewal, refunds the renewal once, cancels it', async () => {
    const email = 'subscriber@example.com';
    const order = await paidReadyOrder(t);
    const price = await planPrice(t, 'weekly');
    const created = await ownerPost(t, '/api-pay/pay/plan/create', planBody(order, 'weekly', price, { email }));
    expect(created.statusCode, created.body).toBe(200);
    const { payment, next } = created.json().data;
    expect((await payInFrame(t, next.url, '4242424242424242')).statusCode).toBe(200);
    await post(t, '/api-pay/pay/check/status', { orderNumber: order, paymentId: payment.paymentId });
    // Past the trial's reminder and its end: the scheduler reminds, then charges the first renewal.
    for (const hours of [30, 30, 20]) {
      t.clock.advance(hours * 3_600_000);
      for (let i = 0; i < 20 && (await t.checkout.scheduler.runOnce()) > 0; i++);
    }
    const { cookie } = await operator('subscriptions.desk@example.com');

    const found = await call(
      'GET',
      `/api/console/subscriptions?email=${encodeURIComponent('Subscriber@Example.com')}`,
      cookie,
    );
    const [sub] = found.json().data.subscriptions;
    expect(sub).toMatchObject({ orderNumber: order, planId: 'weekly', status: 'active', cancelRequestedAt: null });
    expect(sub.reminderSentAt).not.toBeNull();
    expect(sub.charges).toEqual([
      expect.objectContaining({ periodNo: 1, status: 'succeeded', amountMinor: 1999, refundStatus: null }),
    ]);
    const chargeId = sub.charges[0].id;

    const clicks = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', `/api/console/subscriptions/${sub.id}/charges/${encodeURIComponent(chargeId)}/refund`, cookie),
      ),
    );
    expect(clicks.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(clicks.filter((r) => r.json().data.changed)).toHaveLength(1);
    // The click that refunded says so; a click answered while it was at the processor sees it pending.
    const winner = clicks.find((r) => r.json().data.changed);
    expect(winner?.json().data.subscription.charges[0].refundStatus).toBe('refunded');
    for (const r of clicks)
      expect(['pending', 'refunded']).toContain(r.json().data.subscription.charges[0].refundStatus);
    const charge = await t.deps.db.kysely
      .selectFrom('subscription_charges')
      .select(['provider_ref', 'refund_status'])
      .where('id', '=', chargeId)
      .executeTakeFirstOrThrow();
    expect(charge.refund_status).toBe('refunded');
    const atProcessor = await t.deps.db.kysely
      .selectFrom('sandbox_payments')
      .select('refunded')
      .where('id', '=', charge.provider_ref as string)
      .executeTakeFirstOrThrow();
    expect(Number(atProcessor.refunded)).toBe(1);
    expect(await auditCount('subscription.refund-renewal')).toBe(1);

    const canceled = await call('POST', `/api/console/subscriptions/${sub.id}/cancel`, cookie);
    expect(canceled.json().data.cancelRequestedAt).not.toBeNull();
    const again = await call('POST', `/api/console/subscriptions/${sub.id}/cancel`, cookie);
    expect(again.statusCode).toBe(200);
    expect(await auditCount('subscription.cancel')).toBe(1);
    expect(await mails(t, 'subscriptionCanceled', email)).toHaveLength(1);
    const unknown = await call('POST', '/api/console/subscriptions/nope/cancel', cookie);
    expect(codeOf(unknown)).toEqual([404, 'SUBSCRIPTION_NOT_FOUND']);
  });

  it('counts the funnel by day, landing variant and language, from raw views and the rollup alike; CSV too', async () => {
    let { cookie } = await operator('funnel@example.com');
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    const funnel = async () => {
      const res = await call('GET', `/api/console/funnel?from=${today}&to=${today}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.rows as Record<string, string | number>[];
    };
    const sum = (rows: Record<string, string | number>[], metric: string, f: (r: Record<string, unknown>) => boolean) =>
      rows.filter(f).reduce((a, r) => a + Number(r[metric]), 0);
    const before = await funnel();

    const logid = (
      await t.app.inject({ method: 'POST', url: '/api/app/v2/generate/logid', payload: { appExamId: 1799 } })
    ).json().data.logid;
    for (let i = 0; i < 3; i++) {
      const view = await t.app.inject({
        method: 'GET',
        url: '/api/app/v2/view?dl=%2Flanding_page%2Ftest_center%2FIQB-1799&av=1&hl=ko&eid=1799&aeid=1799',
        headers: { logid },
      });
      expect(view.json().data).toEqual({ recorded: true });
    }
    await buyReport(t, 'funnel.buyer@example.com');
    const after = await funnel();
    const landingKo = (r: Record<string, unknown>) => r.variant === 'test_center' && r.hl === 'ko';
    expect(sum(after, 'pageViews', landingKo) - sum(before, 'pageViews', landingKo)).toBe(3);
    const all = () => true;
    for (const metric of ['testsStarted', 'testsFinished', 'emailsGiven', 'orders', 'payments'])
      expect(sum(after, metric, all) - sum(before, metric, all), metric).toBe(1);
    expect(sum(after, 'refunds', all)).toBe(sum(before, 'refunds', all));

    // Tomorrow the rollup counts today: the same numbers, from the daily table, never twice.
    t.clock.advance(86_400_000);
    expect(await t.deps.tracking.rollUp(t.clock.now())).toBeGreaterThan(0);
    // A day later the second factor has run out: the operator signs in again.
    cookie = (await operator('funnel.next.day@example.com')).cookie;
    const rolled = await funnel();
    expect(sum(rolled, 'pageViews', landingKo)).toBe(sum(after, 'pageViews', landingKo));
    expect(sum(rolled, 'orders', all)).toBe(sum(after, 'orders', all));

    const csv = await call('GET', `/api/console/funnel.csv?from=${today}&to=${today}`, cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'day,variant,language,pageViews,testsStarted,testsFinished,testsAbnormal,emailsGiven,orders,payments,refunds,planStarts,trialConversions,cancellations',
    );
    expect(lines).toHaveLength(rolled.length + 1);
    expect(lines).toContain(
      [today, 'test_center', 'ko', ...Object.values(rolled.find(landingKo) ?? {}).slice(3)].join(','),
    );
    const tooLong = await call('GET', '/api/console/funnel?from=2026-01-01&to=2026-12-31', cookie);
    expect(codeOf(tooLong)).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('splits every measure by the landing variant that started the test, from the session to the plan', async () => {
    const from = new Date(t.clock.now()).toISOString().slice(0, 10);
    const variant = 'yellow_girl';
    const ofVariant = (r: Record<string, unknown>) => r.variant === variant && r.hl === 'de';
    // A report bought and refunded; a plan's trial started, converted by its first renewal, then cancelled.
    const report = await buyReport(t, 'landing.report@example.com', 'de', {}, variant);
    const planOrder = await paidReadyOrder(t, 'de', {}, honest, variant);
    const price = await planPrice(t, 'weekly');
    const email = 'landing.plan@example.com';
    const created = await ownerPost(
      t,
      '/api-pay/pay/plan/create',
      planBody(planOrder, 'weekly', price, { email, hl: 'de' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { payment, next } = created.json().data;
    expect((await payInFrame(t, next.url, '4242424242424242')).statusCode).toBe(200);
    await post(t, '/api-pay/pay/check/status', { orderNumber: planOrder, paymentId: payment.paymentId });
    for (const hours of [30, 30, 20]) {
      t.clock.advance(hours * 3_600_000);
      for (let i = 0; i < 20 && (await t.checkout.scheduler.runOnce()) > 0; i++);
    }
    const { cookie } = await operator('landing.funnel@example.com');
    const refund = await call('POST', `/api/console/orders/${report}/refund`, cookie, { revokeAccess: false });
    expect(refund.statusCode, refund.body).toBe(200);
    const [sub] = (await call('GET', `/api/console/subscriptions?email=${email}`, cookie)).json().data.subscriptions;
    expect((await call('POST', `/api/console/subscriptions/${sub.id}/cancel`, cookie)).statusCode).toBe(200);
    // A claimed variant outside the registry counts as none; a long one is refused at the boundary.
    const before = await call('GET', `/api/console/funnel?from=${from}&to=${from}`, cookie);
    const unknown = await startTest(t, { hl: 'de', restart: true, variant: 'not_a_landing' });
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/exam/session/start/1799/de',
      payload: { variant: 'x'.repeat(41) },
    });
    expect(codeOf(tooLong)).toEqual([400, 'VALIDATION_FAILED']);

    const to = new Date(t.clock.now()).toISOString().slice(0, 10);
    const res = await call('GET', `/api/console/funnel?from=${from}&to=${to}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.rows as Record<string, string | number>[];
    const total = (metric: string, f: (r: Record<string, unknown>) => boolean) =>
      rows.filter(f).reduce((a, r) => a + Number(r[metric]), 0);
    expect(
      Object.fromEntries(
        [
          'testsStarted',
          'testsFinished',
          'testsAbnormal',
          'emailsGiven',
          'orders',
          'payments',
          'refunds',
          'planStarts',
          'trialConversions',
          'cancellations',
        ].map((m) => [m, total(m, ofVariant)]),
      ),
    ).toEqual({
      testsStarted: 2,
      testsFinished: 2,
      testsAbnormal: 0,
      emailsGiven: 2,
      orders: 2,
      payments: 2,
      refunds: 1,
      planStarts: 1,
      trialConversions: 1,
      cancellations: 1,
    });
    expect(unknown.sessionId).not.toBe('');
    const noLanding = (r: Record<string, unknown>) => r.variant === '' && r.hl === 'de' && r.day === to;
    const startedBefore = (before.json().data.rows as Record<string, unknown>[])
      .filter(noLanding)
      .reduce((a, r) => a + Number(r.testsStarted), 0);
    expect(total('testsStarted', noLanding) - startedBefore).toBe(1);
    expect(rows.some((r) => r.variant === 'not_a_landing')).toBe(false);

    const csv = await call('GET', `/api/console/funnel.csv?from=${from}&to=${to}`, cookie);
    const lines = csv.body.trim().split('\r\n');
    const header = lines[0]?.split(',') ?? [];
    const orders = lines
      .slice(1)
      .map((l) => l.split(','))
      .filter((f) => f[1] === variant && f[2] === 'de')
      .reduce((a, f) => a + Number(f[header.indexOf('orders')]), 0);
    expect(orders).toBe(2);
  });

  it("lists a VIP member's ticket first (the membership's priority support)", async () => {
    const { cookie } = await operator('priority.desk@example.com');
    const now = t.clock.now();
    await t.deps.db.kysely
      .insertInto('vip_memberships')
      .values({
        id: 'vip-priority-test',
        email: 'vip.member@example.com',
        order_number: 'MGvippriorityorder00000',
        payment_id: 'pay-vip-priority',
        starts_at: now - 86_400_000,
        ends_at: now + 300 * 86_400_000,
        created_at: now - 86_400_000,
      })
      .execute();
    const write = (email: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/app/support/contact',
        remoteAddress: ip,
        payload: { name: 'Ann', email, topic: 'report', message: 'A question.', examId: 1799, hl: 'en' },
      });
    expect((await write('vip.member@example.com', freshIp())).statusCode).toBe(200);
    t.clock.advance(60_000);
    // Written later, by someone who is not a member: newer, yet listed after the member's.
    expect((await write('not.member@example.com', freshIp())).statusCode).toBe(200);
    const open = (await call('GET', '/api/console/tickets', cookie)).json().data.tickets as {
      email: string;
      priority: boolean;
    }[];
    const order = open.map((x) => x.email).filter((e) => e.endsWith('member@example.com'));
    expect(order).toEqual(['vip.member@example.com', 'not.member@example.com']);
    expect(open.find((x) => x.email === 'vip.member@example.com')?.priority).toBe(true);
    expect(open.find((x) => x.email === 'not.member@example.com')?.priority).toBe(false);
  });

  it('keeps the audit log append-only in the database itself, and shows it newest first', async () => {
    const { cookie } = await operator('auditor@example.com');
    const log = (await call('GET', '/api/console/audit', cookie)).json().data;
    expect(log.entries.length).toBeGreaterThan(0);
    const ids = log.entries.map((e: { id: number }) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    await expect(sql`UPDATE audit_log SET action = 'nothing'`.execute(t.deps.db.kysely)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(t.deps.db.kysely)).rejects.toThrow(/append-only/);
  });
});
