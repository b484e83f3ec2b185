import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAllParts, honest, storedKey } from './routed-taker';
import { createTestApp, dialects, type TestApp } from './test-app';

describe.each(dialects())('taking the IQ test on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  async function start(cookie?: string, query = '') {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/exam/question/list/1799/en${query}`,
      ...(cookie ? { cookies: { 'IQ-exam': cookie } } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookieOut = res.cookies.find((c) => c.name === 'IQ-exam');
    return { res, data: res.json().data, cookie: cookieOut };
  }
  const post = (url: string, payload: unknown, sessionCookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload: payload as object,
      ...(sessionCookie ? { cookies: { 'IQ-exam': sessionCookie } } : {}),
    });
  const keyOf = (sessionId: string) => storedKey(t, sessionId);

  it('starts a session with 30 drawn questions and never sends the key', async () => {
    const { res, data, cookie } = await start();
    expect(cookie?.httpOnly).toBe(true);
    expect(data.sessionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // A routed test: part 1 now, parts 2 and 3 once the part before is finished (30 questions in all).
    expect(data.questions).toHaveLength(10);
    expect(data).toMatchObject({ part: 1, partCount: 3, questionCount: 30 });
    expect(data.questions.map((q: { part: number }) => q.part)).toEqual(Array(10).fill(1));
    for (const q of data.questions) {
      expect(q.context).toHaveLength(8);
      expect(q.options).toHaveLength(6);
      expect(q.options[0]).toContain('<svg');
    }
    expect(data.status).toBe('active');
    expect(new Date(data.deadline).getTime() - new Date(data.startedAt).getTime()).toBe(1500 * 1000);
    for (const secret of ['answerIndex', 'rules', 'parameters', 'explanation', '"a":', '"b":', 'scoring'])
      expect(res.body).not.toContain(secret);
  });

  it('resumes the same session and form from the cookie; restart=1 starts a new one', async () => {
    const first = await start();
    const again = await start(first.data.sessionId);
    expect(again.data.sessionId).toBe(first.data.sessionId);
    expect(again.data.questions.map((q: { id: string }) => q.id)).toEqual(
      first.data.questions.map((q: { id: string }) => q.id),
    );
    expect(again.data.deadline).toBe(first.data.deadline);
    const fresh = await start(first.data.sessionId, '?restart=1');
    expect(fresh.data.sessionId).not.toBe(first.data.sessionId);
  });

  it('sends the form compressed when the browser accepts it (about a tenth of its size)', async () => {
    const { brotliDecompressSync } = await import('node:zlib');
    const plain = await t.app.inject({ method: 'GET', url: '/api/exam/question/list/1799/en' });
    const cookie = plain.cookies.find((c) => c.name === 'IQ-exam')?.value ?? '';
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/exam/question/list/1799/en',
      headers: { 'accept-encoding': 'br' },
      cookies: { 'IQ-exam': cookie },
    });
    expect(br.headers['content-encoding']).toBe('br');
    const decoded = JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'));
    expect(decoded.data.questions).toEqual(plain.json().data.questions);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it('compresses a form once: a resume sends the same compressed questions and its own fresh tail', async () => {
    const { brotliDecompressSync } = await import('node:zlib');
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/exam/question/list/1799/en',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const cookie = first.cookies.find((c) => c.name === 'IQ-exam')?.value ?? '';
    const read = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/exam/question/list/1799/en',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        cookies: { 'IQ-exam': cookie },
      });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toContain('accept-encoding');
      return { raw: res.rawPayload, json: JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')) };
    };
    const a = await read();
    t.clock.advance(1000);
    const b = await read();
    // The tail is new (the server's clock moved) but the compressed questions are the very same bytes.
    expect(b.json.data.serverNow).not.toBe(a.json.data.serverNow);
    expect(b.json.data.questions).toEqual(a.json.data.questions);
    const common = a.raw.findIndex((byte, i) => byte !== b.raw[i]);
    expect(common).toBeGreaterThan(a.raw.length - 400);
    // Another language is another form's bytes.
    const fr = await t.app.inject({
      method: 'GET',
      url: '/api/exam/question/list/1799/fr',
      headers: { 'accept-encoding': 'br' },
      cookies: { 'IQ-exam': cookie },
    });
    const frJson = JSON.parse(brotliDecompressSync(fr.rawPayload).toString('utf8'));
    expect(frJson.data.sessionId).toBe(a.json.data.sessionId);
    expect(frJson.data.questions[0].options[0]).not.toBe(a.json.data.questions[0].options[0]);
  });

  it('names options in the visitor language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/exam/question/list/1799/ja' });
    const q = res.json().data.questions[0];
    expect(q.options[0]).not.toContain('Option A');
  });

  it('saves answers idempotently and rejects bad ones with stable codes', async () => {
    const { data } = await start();
    const key = await keyOf(data.sessionId);
    const item = key.items[0]!.id;
    const base = {
      sessionId: data.sessionId,
      itemId: item,
      choice: 2,
      timeMs: 9000,
      firstChoiceMs: 4000,
      changes: 0,
      focusLosses: 0,
    };
    expect((await post('/exam/session/answer', base)).json().data.answered).toBe(1);
    expect((await post('/exam/session/answer', { ...base, choice: 3, changes: 1 })).json().data.answered).toBe(1);
    const resumed = await start(data.sessionId);
    expect(resumed.data.answers).toEqual([{ itemId: item, choice: 3 }]);

    const unknown = await post('/exam/session/answer', { ...base, itemId: 'not-an-item' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'UNKNOWN_ITEM']);
    const outOfRange = await post('/exam/session/answer', { ...base, choice: 6 });
    expect([outOfRange.statusCode, outOfRange.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const negative = await post('/exam/session/answer', { ...base, timeMs: -5 });
    expect(negative.statusCode).toBe(400);
    const noSession = await post('/exam/session/answer', { ...base, sessionId: 'A'.repeat(22) });
    expect([noSession.statusCode, noSession.json().code]).toEqual([404, 'SESSION_NOT_FOUND']);
  });

  it('refuses answers after the deadline (plus a short grace for offline queues)', async () => {
    const { data } = await start(undefined, '?restart=1');
    const key = await keyOf(data.sessionId);
    const answer = {
      sessionId: data.sessionId,
      itemId: key.items[0]!.id,
      choice: 1,
      timeMs: 1000,
      firstChoiceMs: 500,
      changes: 0,
      focusLosses: 0,
    };
    t.clock.advance(1500 * 1000 + 30_000);
    expect((await post('/exam/session/answer', answer)).statusCode).toBe(200);
    t.clock.advance(31_000);
    const late = await post('/exam/session/answer', answer);
    expect([late.statusCode, late.json().code]).toEqual([409, 'TIME_UP']);
  });

  it('locks answers at confirmation; a second confirmation and later edits are refused', async () => {
    const { data } = await start(undefined, '?restart=1');
    expect((await post('/exam/order/info', { sessionId: data.sessionId })).json().code).toBe('NOT_CONFIRMED');
    const key = await answerAllParts(t, data.sessionId, honest);
    const confirmed = await post('/exam/session/confirm', { sessionId: data.sessionId });
    expect(confirmed.json().data).toEqual({ status: 'confirmed', answered: 30 });
    const twice = await post('/exam/session/confirm', { sessionId: data.sessionId });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'SESSION_LOCKED']);
    const edit = await post('/exam/session/answer', {
      sessionId: data.sessionId,
      itemId: key.items[0]!.id,
      choice: 0,
      timeMs: 1,
      firstChoiceMs: 1,
      changes: 1,
      focusLosses: 0,
    });
    expect([edit.statusCode, edit.json().code]).toEqual([409, 'SESSION_LOCKED']);
  });

  it('scores a confirmed session into exactly one order, even under 20 concurrent calls; no score before payment', async () => {
    const { data } = await start(undefined, '?restart=1');
    await answerAllParts(t, data.sessionId, honest);
    await post('/exam/session/confirm', { sessionId: data.sessionId });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post('/exam/order/info', { sessionId: data.sessionId })),
    );
    const numbers = new Set(results.map((r) => r.json().data.orderNumber));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(numbers.size).toBe(1);
    const orderNumber = [...numbers][0] as string;
    expect(orderNumber).toMatch(/^MG(-[0-9A-HJKMNP-TV-Z]{4}){7}$/);
    // The free headline: the class and how many were right (22 of 30 answered right above), nothing more.
    const stored0 = await t.deps.db.kysely
      .selectFrom('exam_sessions')
      .select('result')
      .where('id', '=', data.sessionId)
      .executeTakeFirstOrThrow();
    const headline = results[0]!.json().data.headline;
    expect(headline).toEqual({
      classId: JSON.parse(stored0.result ?? '{}').iq.classification.id,
      correct: 22,
      total: 30,
    });
    for (const secret of ['"iq"', 'theta', 'percentile', 'range', 'dimensions'])
      expect(results[0]!.body).not.toContain(secret);
    const rows = await t.deps.db.kysely
      .selectFrom('exam_orders')
      .selectAll()
      .where('session_id', '=', data.sessionId)
      .execute();
    expect(rows).toHaveLength(1);

    // Unpaid: no report data, even for the browser that took the test.
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/exam/order/info/${orderNumber}`,
      cookies: { 'IQ-exam': data.sessionId },
    });
    expect([info.statusCode, info.json().code]).toEqual([402, 'REPORT_LOCKED']);
    for (const secret of ['"iq"', 'theta', 'percentile', 'dimensions', 'answerIndex'])
      expect(info.body).not.toContain(secret);
    const checkout = await t.app.inject({ method: 'GET', url: `/api/exam/order/sku/check/${orderNumber}` });
    expect(checkout.json().data).toMatchObject({ orderNumber, status: 'pending_payment', email: null, purchase: null });
    // The stored result is real: the engine scored it.
    const stored = await t.deps.db.kysely
      .selectFrom('exam_sessions')
      .select(['status', 'result'])
      .where('id', '=', data.sessionId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('scored');
    expect(JSON.parse(stored.result ?? '{}').iq.iq).toBeGreaterThan(70);

    const resumed = await start(data.sessionId);
    expect(resumed.data).toMatchObject({ status: 'scored', orderNumber });

    const guessed = await t.app.inject({ method: 'GET', url: `/api/exam/order/info/MG${'x'.repeat(22)}` });
    expect([guessed.statusCode, guessed.json().code]).toEqual([404, 'ORDER_NOT_FOUND']);
  });

  it('a rapid-clicking session gets the abnormal outcome and no order', async () => {
    const { data } = await start(undefined, '?restart=1');
    await answerAllParts(t, data.sessionId, { choice: (i) => i % 6, timeMs: () => 400 });
    await post('/exam/session/confirm', { sessionId: data.sessionId });
    const res = await post('/exam/order/info', { sessionId: data.sessionId });
    // The abnormal page names what was seen, in the test's language.
    expect(res.json().data).toEqual({
      outcome: 'abnormal',
      messageKey: 'engine.validity.abnormal',
      behaviours: [
        'Many answers came faster than anyone could read the puzzle.',
        'The answers were at the level of chance and came faster than the puzzles can be worked out.',
      ],
    });
    const again = await post('/exam/order/info', { sessionId: data.sessionId });
    expect(again.json().data.outcome).toBe('abnormal');
    const orders = await t.deps.db.kysely
      .selectFrom('exam_orders')
      .selectAll()
      .where('session_id', '=', data.sessionId)
      .execute();
    expect(orders).toHaveLength(0);
  });

  it('attaches the e-mail with the consent given; refuses a bad address or no consent', async () => {
    const { data } = await start(undefined, '?restart=1');
    await answerAllParts(t, data.sessionId, honest);
    await post('/exam/session/confirm', { sessionId: data.sessionId });
    const { orderNumber } = (await post('/exam/order/info', { sessionId: data.sessionId })).json().data;
    const consent = { terms: true, termsVersion: '1.0', privacyVersion: '1.0' };
    expect(
      (await post('/exam/order/update/email', { orderNumber, email: 'nope', consent, hl: 'en' }, data.sessionId))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          '/exam/order/update/email',
          {
            orderNumber,
            email: 'a@b.co',
            consent: { ...consent, terms: false },
            hl: 'en',
          },
          data.sessionId,
        )
      ).statusCode,
    ).toBe(400);
    const body = { orderNumber, email: 'Visitor@Example.com', consent, hl: 'de' };
    // The order number alone is not the right to the order: only its test's browser (issue 13).
    expect((await post('/exam/order/update/email', body)).json().code).toBe('ORDER_ACCESS_DENIED');
    const ok = await post('/exam/order/update/email', body, data.sessionId);
    expect(ok.json().data).toEqual({ orderNumber, email: 'visitor@example.com', confirmationSent: false });
    const row = await t.deps.db.kysely
      .selectFrom('exam_orders')
      .selectAll()
      .where('order_number', '=', orderNumber)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.consent ?? '{}')).toMatchObject({ terms: true, termsVersion: '1.0', hl: 'de' });
  });

  it('an unknown exam has no form; the personality exam has statements, not puzzles', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/exam/question/list/4242/en' })).json().code).toBe(
      'EXAM_NOT_FOUND',
    );
    const personality = (await t.app.inject({ method: 'GET', url: '/api/exam/question/list/1800/en' })).json().data;
    expect(personality).toMatchObject({ kind: 'personality', questions: [] });
    const iq = (await start()).data;
    expect(iq).toMatchObject({ kind: 'iq', statements: [] });
  });
});
