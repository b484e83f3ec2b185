import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_BUDGET } from '../src/modules/mail/mail-budget';
import { RETRIEVE_RULES } from '../src/modules/report/retrieve-reports';
import { buyReport, buyTier, post } from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

const HOUR = 3_600_000;

/**
 * Issue 13, "E-mail volume": one address received 14 e-mails in an hour from one client, fixed windows let
 * a burst through across their boundary, and "send a copy" had no per-recipient limit.
 */
describe.each(dialects())('e-mail volume, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  const queuedTo = async (to: string) =>
    (await t.deps.db.kysely.selectFrom('mail_outbox').select('template').where('to_address', '=', to).execute()).map(
      (m) => m.template,
    );

  it('one address gets at most the budget per hour, across every kind of visitor-triggered mail and client', async () => {
    const victim = 'inbox@example.com';
    const { order, token } = await buyTier(t, 'sku2', 'sender@example.com');
    const attempts = [
      () =>
        post(
          t,
          '/api/app/support/contact',
          { name: 'A', email: victim, topic: 'other', message: 'Hello there, please answer.', examId: 1799, hl: 'en' },
          { 'x-forwarded-for': '10.30.0.1' },
        ),
      () =>
        post(t, '/api-pay/unsubscribe/check/email', { email: victim, hl: 'en' }, { 'x-forwarded-for': '10.30.0.2' }),
      () =>
        post(
          t,
          '/api/exam/order/report/send',
          { orderNumber: order, email: victim, hl: 'en', token },
          { 'x-forwarded-for': '10.30.0.3' },
        ),
      () =>
        post(
          t,
          '/api/app/support/contact',
          { name: 'B', email: victim, topic: 'report', message: 'Another message, please.', examId: 1799, hl: 'fr' },
          { 'x-forwarded-for': '10.30.0.4' },
        ),
      () =>
        post(
          t,
          '/api/exam/order/report/send',
          { orderNumber: order, email: victim, hl: 'de', token },
          { 'x-forwarded-for': '10.30.0.5' },
        ),
      () =>
        post(t, '/api-pay/exam/order/report/retrieve', { email: victim, hl: 'en' }, { 'x-forwarded-for': '10.30.0.6' }),
      () =>
        post(
          t,
          '/api/exam/order/report/send',
          { orderNumber: order, email: victim, hl: 'en', token },
          { 'x-forwarded-for': '10.30.0.7' },
        ),
    ];
    const codes: number[] = [];
    for (const attempt of attempts) codes.push((await attempt()).statusCode);
    expect(codes.slice(0, MAIL_BUDGET.max).every((c) => c === 200)).toBe(true);
    expect(codes.slice(MAIL_BUDGET.max)).toEqual([429, 429]);
    expect((await queuedTo(victim)).length).toBeLessThanOrEqual(MAIL_BUDGET.max);
    // Another address is not affected.
    const other = await post(
      t,
      '/api/exam/order/report/send',
      { orderNumber: order, email: 'someone.else@example.com', hl: 'en', token },
      { 'x-forwarded-for': '10.30.0.8' },
    );
    expect(other.statusCode).toBe(200);
  });

  it('the window slides: a burst at the end of an hour and one at the start of the next count together', async () => {
    const email = 'burst@example.com';
    await buyReport(t, email);
    const retrieve = (ip: string) =>
      post(t, '/api-pay/exam/order/report/retrieve', { email, hl: 'en' }, { 'x-forwarded-for': ip });
    // Just before the hour turns (the retrieval limit per address is the tighter one here).
    const hourStart = Math.floor(t.clock.now() / HOUR) * HOUR;
    t.clock.set(hourStart + HOUR - 2000);
    for (let i = 0; i < RETRIEVE_RULES.address.max; i++) expect((await retrieve(`10.31.0.${i}`)).statusCode).toBe(200);
    t.clock.advance(3000);
    expect((await retrieve('10.31.1.1')).statusCode).toBe(429);
    // Once the burst has slid out of the last hour, the address may ask again.
    t.clock.advance(HOUR);
    expect((await retrieve('10.31.1.2')).statusCode).toBe(200);
  });
});
