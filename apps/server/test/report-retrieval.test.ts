import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOfSession, keyOf } from '../src/modules/exam/exam-form';
import {
  buyReport,
  deliverMail,
  get,
  mails,
  ownerPost,
  paidReadyOrder,
  post,
  readerCookie,
  reportToken,
} from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

describe.each(dialects())('retrieving reports by e-mail, and who may read a report, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy, so the per-client limit sees the addresses the test gives.
    t = await createTestApp(dialect, { env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  const retrieve = (email: string, hl = 'en', ip = '10.0.0.1') =>
    post(t, '/api-pay/exam/order/report/retrieve', { email, hl }, { 'x-forwarded-for': ip });
  const listMails = (to: string) => mails(t, 'reportList', to);

  it('answers 10101 for an address without any result; an unpaid result is listed (pending payment)', async () => {
    const none = await retrieve('nobody@example.com');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ result: 10101, code: 'NO_RETRIEVABLE_REPORTS' });
    expect(none.json().message).toBe('There are no retrievable reports in the current mailbox.');
    const order = await paidReadyOrder(t);
    await ownerPost(t, '/api/exam/order/update/email', {
      orderNumber: order,
      email: 'unpaid@example.com',
      consent: { terms: true, termsVersion: '1', privacyVersion: '1' },
      hl: 'en',
    });
    expect((await retrieve('unpaid@example.com')).json().data).toEqual({ sent: true, count: 0, pending: 1 });
    const [mail] = await listMails('unpaid@example.com');
    const payload = JSON.parse(mail?.payload ?? '{}') as { reports: unknown[]; pending: { orderNumber: string }[] };
    expect(payload.reports).toEqual([]);
    expect(payload.pending.map((p) => p.orderNumber)).toEqual([order]);
  });

  it('sends one e-mail listing every paid report with its own link, which opens the report in any browser', async () => {
    const first = await buyReport(t, 'owner@example.com');
    const second = await buyReport(t, 'owner@example.com', 'fr');
    const res = await retrieve('Owner@Example.com', 'fr');
    expect(res.json().data).toEqual({ sent: true, count: 2, pending: 0 });
    const [mail] = await listMails('owner@example.com');
    const payload = JSON.parse(mail?.payload ?? '{}') as { reports: { orderNumber: string; url: string }[] };
    expect(mail?.locale).toBe('fr');
    expect(payload.reports.map((r) => r.orderNumber).sort()).toEqual([first, second].sort());
    for (const r of payload.reports) {
      const url = new URL(r.url);
      const info = await get(t, `/api/exam/order/info/${r.orderNumber}?token=${url.searchParams.get('token')}`);
      expect(info.statusCode).toBe(200);
      expect(info.json().data.result.iq).toBeGreaterThan(60);
      // The token is bound to its order: it opens no other report.
      const other = payload.reports.find((x) => x.orderNumber !== r.orderNumber);
      const crossed = await get(t, `/api/exam/order/info/${other?.orderNumber}?token=${url.searchParams.get('token')}`);
      expect(crossed.statusCode).toBe(403);
    }
    await deliverMail(t);
    const box = await t.deps.db.kysely
      .selectFrom('local_mailbox')
      .selectAll()
      .where('to_address', '=', 'owner@example.com')
      .execute();
    const listed = box.find((m) => m.text.includes(first) && m.text.includes(second));
    expect(listed).toBeDefined();
    expect(listed?.subject).not.toBe('Your Mindgauge reports');
  });

  it('guessed order numbers find nothing; unpaid orders and wrong tokens give no report data', async () => {
    for (let i = 0; i < 20; i++) {
      const guess = `MG${Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')}`;
      const res = await get(t, `/api/exam/order/info/${guess}`);
      expect(res.statusCode).toBe(404);
    }
    const unpaid = await paidReadyOrder(t);
    expect((await get(t, `/api/exam/order/info/${unpaid}`)).statusCode).toBe(402);
    const paid = await buyReport(t, 'tokens@example.com');
    expect((await get(t, `/api/exam/order/info/${paid}?token=zz.bad`)).statusCode).toBe(403);
    expect((await get(t, `/api/exam/order/info/${paid}`)).statusCode).toBe(403);
  });

  it('sends a report’s link to one more address for its reader only; an order number alone sends nothing', async () => {
    const order = await buyReport(t, 'keeper@example.com');
    const send = (body: Record<string, unknown>, cookies: Record<string, string> = {}, ip = '10.3.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/exam/order/report/send',
        payload: { orderNumber: order, hl: 'de', ...body },
        headers: { 'x-forwarded-for': ip },
        cookies,
      });
    const copies = (to: string) =>
      t.deps.db.kysely.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).execute();

    const stranger = await send({ email: 'thief@example.com' });
    expect([stranger.statusCode, stranger.json().code]).toEqual([403, 'REPORT_ACCESS_DENIED']);
    const forged = await send({ email: 'thief@example.com', token: 'zz.bad' });
    expect(forged.statusCode).toBe(403);
    expect(await copies('thief@example.com')).toEqual([]);

    const fromBrowser = await send({ email: 'Work@Example.com' }, await readerCookie(t, order));
    expect(fromBrowser.json().data).toEqual({ sent: true });
    const fromLink = await send({ email: 'home@example.com', token: await reportToken(t, order) });
    expect(fromLink.json().data).toEqual({ sent: true });
    for (const to of ['work@example.com', 'home@example.com']) {
      const [mail] = await copies(to);
      expect([mail?.template, mail?.locale]).toEqual(['reportList', 'de']);
      const link = new URL(JSON.parse(mail?.payload ?? '{}').reports[0].url);
      const info = await get(t, `/api/exam/order/info/${order}?token=${link.searchParams.get('token')}`);
      expect(info.json().data.orderNumber).toBe(order);
    }

    const unpaid = await paidReadyOrder(t);
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/exam/order/report/send',
      payload: { orderNumber: unpaid, hl: 'en', email: 'early@example.com' },
      cookies: await readerCookie(t, unpaid),
    });
    expect(locked.statusCode).toBe(402);
    // Five copies per order an hour: the two above and three more.
    for (let i = 0; i < 3; i++)
      expect(
        (await send({ email: `c${i}@example.com`, token: await reportToken(t, order) }, {}, `10.3.1.${i}`)).statusCode,
      ).toBe(200);
    const sixth = await send({ email: 'c9@example.com', token: await reportToken(t, order) }, {}, '10.3.2.1');
    expect(sixth.statusCode).toBe(429);
  });

  it('is rate limited per address and per client', async () => {
    await buyReport(t, 'limited@example.com');
    for (let i = 0; i < 3; i++)
      expect((await retrieve('limited@example.com', 'en', `10.1.0.${i}`)).statusCode).toBe(200);
    const fourth = await retrieve('limited@example.com', 'en', '10.1.0.9');
    expect(fourth.statusCode).toBe(429);
    for (let i = 0; i < 10; i++) await retrieve(`probe${i}@example.com`, 'en', '10.2.0.1');
    const probing = await retrieve('probe-last@example.com', 'en', '10.2.0.1');
    expect(probing.statusCode).toBe(429);
  });
});

describe.each(dialects())('the answer analysis, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('draws every question again with the correct answer, the visitor’s answer and the rules, in the language asked', async () => {
    const order = await buyReport(t, 'analysis@example.com');
    const cookies = await readerCookie(t, order);
    const res = await t.app.inject({ method: 'GET', url: `/api/exam/order/questions/${order}?hl=fr`, cookies });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(30);
    const key = JSON.parse(
      (
        await t.deps.db.kysely
          .selectFrom('exam_sessions')
          .select('scoring_key')
          .where('id', '=', cookies['IQ-exam'])
          .executeTakeFirstOrThrow()
      ).scoring_key,
    ) as { items: { id: string; answerIndex: number }[] };
    // The helper answered the first 22 right and the rest wrong.
    expect(data.correct).toBe(22);
    for (const [i, item] of data.items.entries()) {
      expect(item.answerIndex).toBe(key.items[i]?.answerIndex);
      expect(item.correct).toBe(i < 22);
      expect(item.context).toHaveLength(8);
      expect(item.options[item.answerIndex]).toContain('<svg');
      expect(item.explanations.length).toBeGreaterThan(0);
      for (const e of item.explanations) expect(e).not.toMatch(/engine[.:]/);
    }
    const en = (await t.app.inject({ method: 'GET', url: `/api/exam/order/questions/${order}?hl=en`, cookies })).json()
      .data;
    expect(en.items[0].explanations).not.toEqual(data.items[0].explanations);
  });

  it('draws a session of an earlier form version with that version’s items, not today’s', async () => {
    const order = await buyReport(t, 'oldform@example.com');
    const cookies = await readerCookie(t, order);
    const session = await t.deps.db.kysely
      .selectFrom('exam_sessions')
      .select(['id', 'seed', 'form_version', 'route'])
      .where('id', '=', cookies['IQ-exam'])
      .executeTakeFirstOrThrow();
    // As a session stored before keys were balanced: version 1, its key from that version's assembly.
    const old = formOfSession({ seed: session.seed, form_version: 1, route: '' });
    await t.deps.db.kysely
      .updateTable('exam_sessions')
      .set({ form_version: 1, scoring_version: 1, route: '', scoring_key: keyOf(old) })
      .where('id', '=', session.id)
      .execute();
    const data = (await t.app.inject({ method: 'GET', url: `/api/exam/order/questions/${order}`, cookies })).json()
      .data;
    expect(data.items.map((i: { answerIndex: number }) => i.answerIndex)).toEqual(old.items.map((i) => i.answerIndex));
    expect(old.items.map((i) => i.id)).not.toEqual(formOfSession(session).items.map((i) => i.id));
  });

  it('is refused to a tier without it, to an unpaid order, and to a stranger', async () => {
    const order = await buyReport(t, 'nostranger@example.com');
    expect((await get(t, `/api/exam/order/questions/${order}`)).statusCode).toBe(403);
    const unpaid = await paidReadyOrder(t);
    expect((await get(t, `/api/exam/order/questions/${unpaid}`)).statusCode).toBe(402);
    await t.deps.db.kysely
      .updateTable('exam_orders')
      .set({ sku_id: 'sku1' })
      .where('order_number', '=', order)
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/exam/order/questions/${order}`,
      cookies: await readerCookie(t, order),
    });
    expect([res.statusCode, res.json().code]).toEqual([403, 'NOT_IN_TIER']);
  });
});

describe('the ranking against people from the same country', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { COUNTRY_HEADER: 'cf-ipcountry', MIN_COUNTRY_SAMPLE: '2' } });
  });
  afterAll(() => t.close());

  const ranking = async (order: string) => {
    const row = await t.deps.db.kysely
      .selectFrom('exam_orders')
      .select('session_id')
      .where('order_number', '=', order)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/exam/order/info/${order}`,
      cookies: { 'IQ-exam': row.session_id },
    });
    return res.json().data.result.ranking;
  };

  it('is hidden below the minimum sample, then shows the share of that country scoring lower and the top countries', async () => {
    const first = await buyReport(t, 'fr1@example.com', 'fr', { 'cf-ipcountry': 'FR' });
    expect(await ranking(first)).toMatchObject({ country: 'FR', countryN: 1, minSample: 2, countryPercentBelow: null });
    const second = await buyReport(t, 'fr2@example.com', 'fr', { 'cf-ipcountry': 'FR' });
    const r = await ranking(second);
    expect(r).toMatchObject({ country: 'FR', countryN: 2 });
    // The only other person from France: 100% when they were shown a lower IQ, else 0%.
    const shown = new Map<string, number>();
    for (const o of [first, second]) {
      const row = await t.deps.db.kysely
        .selectFrom('exam_orders')
        .select('session_id')
        .where('order_number', '=', o)
        .executeTakeFirstOrThrow();
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/exam/order/info/${o}`,
        cookies: { 'IQ-exam': row.session_id },
      });
      shown.set(o, res.json().data.result.iq ?? 0);
    }
    const score = (o: string) => shown.get(o) ?? Number.NaN;
    expect(r.countryPercentBelow).toBe(score(first) < score(second) ? 100 : 0);
    t.clock.advance(61_000); // the first report, read a minute ago, is built again with the newcomer counted
    expect((await ranking(first)).countryPercentBelow).toBe(score(second) < score(first) ? 100 : 0);
    t.clock.advance(10 * 60_000); // past the statistics cache
    const again = await ranking(second);
    expect(again.topCountries.map((c: { country: string }) => c.country)).toContain('FR');
    const unknown = await buyReport(t, 'nowhere@example.com');
    expect(await ranking(unknown)).toMatchObject({ country: null, countryN: 0, countryPercentBelow: null });
  });
});
