import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyReport, createBody, deliverMail, ownerPost, paidReadyOrder, post, shownPrice } from './checkout-helpers';
import type { Answering } from './routed-taker';
import { readMessage, startSmtp } from './smtp-sink';
import { createTestApp, dialects, type TestApp } from './test-app';

/** Wrong on every puzzle at a normal pace: the result is below the range the test measures. */
const struggling: Answering = {
  choice: (i, k) => (k.answerIndex + 1 + (i % 5)) % 6,
  timeMs: (i) => 30_000 + i * 900,
};

const consent = { terms: true, termsVersion: '1', privacyVersion: '1' };
const LINK = /http:\/\/mindgauge\.test\/[^\s"<>]+/g;

describe.each(dialects())('the result e-mail and unpaid results on retrieval, through SMTP, on %s', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(dialect, {
      env: {
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
        MAIL_FROM: 'Mindgauge <no-reply@mindgauge.test>',
        TRUST_PROXY: '1',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const tr = (locale: 'en' | 'ja' | 'de', key: string, options?: Record<string, unknown>) =>
    t.deps.translator.t(locale, key, options);
  const setEmail = (orderNumber: string, email: string, hl: string) =>
    ownerPost(t, '/api/exam/order/update/email', { orderNumber, email, consent, hl });
  const received = (to: string) => smtp.received.filter((r) => r.to.includes(to)).map((r) => readMessage(r.raw));
  const storedResult = async (orderNumber: string) => {
    const row = await t.deps.db.kysely
      .selectFrom('exam_sessions')
      .innerJoin('exam_orders', 'exam_orders.session_id', 'exam_sessions.id')
      .select('exam_sessions.result')
      .where('exam_orders.order_number', '=', orderNumber)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.result ?? '{}');
  };

  it('e-mails the free headline in the visitor language, with signed links that pay from any browser', async () => {
    const order = await paidReadyOrder(t, 'ja');
    expect((await setEmail(order, 'hanako@example.jp', 'ja')).statusCode).toBe(200);
    await deliverMail(t);
    const [mail, more] = received('hanako@example.jp');
    expect(more).toBeUndefined();
    expect(mail?.subject).toBe('Mindgauge の結果を保存しました');
    const stored = await storedResult(order);
    const camel = String(stored.iq.classification.id).replace(/-([a-z0-9])/g, (_: string, c: string) =>
      c.toUpperCase(),
    );
    const className = tr('ja', `engine:class.${camel}`);
    expect(className).not.toBe(tr('en', `engine:class.${camel}`));
    // The class with its band, and the puzzles right (the honest taker gets 22 of 30): nothing the report sells.
    expect(mail?.text).toMatch(new RegExp(`${className}（IQ (\\d+–\\d+|\\d+\\+|< \\d+)）`));
    expect(mail?.text).toContain('30 問中 22 問正解');
    expect(mail?.text).toContain(order);
    expect(mail?.text).not.toContain(String(Math.round(stored.iq.iq)));
    expect(mail?.text).not.toMatch(/puzzles right|Choose my report/);
    expect(mail?.html).toContain('lang="ja"');

    const links = (mail?.text.match(LINK) ?? []).map((u) => new URL(u));
    const choice = links.find((u) => u.pathname === '/paying/scheme/IQB-1799');
    const result = links.find((u) => u.pathname === '/report/result/IQB-1799');
    expect(choice?.searchParams.get('order')).toBe(order);
    expect(choice?.searchParams.get('hl')).toBe('ja');
    expect(result?.searchParams.get('order')).toBe(order);
    const token = choice?.searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    // Another browser (no test cookie): refused without the link's token, accepted with it.
    const price = await shownPrice(t, order, 'sku2');
    const body = createBody(order, price, { email: 'hanako@example.jp', hl: 'ja', checkoutKey: 'key_resultmail_0001' });
    const stranger = await post(t, '/api-pay/pay/order/create', body);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('ORDER_ACCESS_DENIED');
    const withLink = await post(t, '/api-pay/pay/order/create', { ...body, token });
    expect(withLink.statusCode, withLink.body).toBe(200);
    expect(withLink.json().data.orderStatus).toBe('pending_payment');
    // A token for another order does not open this one.
    const other = await paidReadyOrder(t, 'ja');
    const crossed = await post(t, '/api-pay/pay/order/create', { ...createBody(other, price), token });
    expect(crossed.statusCode).toBe(403);
  });

  it('says "below the range this test measures" when that is the outcome, in German', async () => {
    const order = await paidReadyOrder(t, 'de', {}, struggling);
    const stored = await storedResult(order);
    expect(stored.outcome).toBe('below-range');
    await setEmail(order, 'tief@example.de', 'de');
    await deliverMail(t);
    const [mail] = received('tief@example.de');
    expect(mail?.subject).toBe('Ihr Mindgauge-Ergebnis ist gespeichert');
    expect(mail?.text).toContain(`Unterhalb des Bereichs, den dieser Test misst (unter IQ ${stored.bound})`);
    expect(mail?.text).toContain('0 von 30 Aufgaben richtig');
    expect(mail?.text).not.toContain('Ihre Klasse');
  });

  it('mails each new address once, not the same one again, and limits how many an order sends', async () => {
    const order = await paidReadyOrder(t, 'en');
    await setEmail(order, 'first@example.com', 'en');
    await setEmail(order, 'first@example.com', 'en');
    await setEmail(order, 'second@example.com', 'en');
    await setEmail(order, 'third@example.com', 'en');
    const limited = await setEmail(order, 'fourth@example.com', 'en');
    expect(limited.statusCode).toBe(429);
    await deliverMail(t);
    expect(received('first@example.com')).toHaveLength(1);
    expect(received('second@example.com')).toHaveLength(1);
    expect(received('third@example.com')).toHaveLength(1);
    expect(received('fourth@example.com')).toHaveLength(0);
    expect(received('first@example.com')[0]?.subject).toBe(tr('en', 'results:mail.subject'));
  });

  it('retrieval lists unpaid results (pending payment, with a link to pay) next to paid reports', async () => {
    const paid = await buyReport(t, 'mixed@example.com');
    const unpaid = await paidReadyOrder(t, 'en');
    await setEmail(unpaid, 'mixed@example.com', 'en');
    const res = await post(
      t,
      '/api-pay/exam/order/report/retrieve',
      { email: 'mixed@example.com', hl: 'en' },
      { 'x-forwarded-for': '10.9.0.1' },
    );
    expect(res.json().data).toEqual({ sent: true, count: 1, pending: 1 });
    await deliverMail(t);
    const list = received('mixed@example.com').find((m) => m.subject === 'Your Mindgauge reports');
    expect(list?.text).toContain(paid);
    expect(list?.text).toMatch(new RegExp(`\\(order ${unpaid}\\): pending payment`));
    const pay = (list?.text.match(LINK) ?? [])
      .map((u) => new URL(u))
      .find((u) => u.pathname === '/paying/scheme/IQB-1799' && u.searchParams.get('order') === unpaid);
    expect(pay?.searchParams.get('token')).toBeTruthy();
    const report = (list?.text.match(LINK) ?? [])
      .map((u) => new URL(u))
      .find((u) => u.pathname === '/report/result/IQB-1799' && u.searchParams.get('order') === paid);
    expect(report).toBeDefined();

    // Only unpaid results: still a mail (never "no reports"), with only the pending part.
    const alone = await paidReadyOrder(t, 'en');
    await setEmail(alone, 'pending-only@example.com', 'en');
    const only = await post(
      t,
      '/api-pay/exam/order/report/retrieve',
      { email: 'pending-only@example.com', hl: 'en' },
      { 'x-forwarded-for': '10.9.0.2' },
    );
    expect(only.json().data).toEqual({ sent: true, count: 0, pending: 1 });
  });
});
