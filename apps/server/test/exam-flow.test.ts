import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTest, withSession } from './exam-session';
import { answerAllParts, honest, storedKey } from './routed-taker';
import { createTestApp, dialects, type TestApp } from './test-app';

describe.each(dialects())('taking the IQ test on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** Starts a test (a POST), or resumes the one in `cookie`; `restart` starts a new one regardless. */
  const start = (cookie?: string, restart = false) => startTest(t, { restart, ...(cookie ? { cookie } : {}) });
  /** Reads the session in the cookie (a GET never creates one). */
  const read = (cookie?: string, hl = 'en') =>
    t.app.inject({
      method: 'GET',
      url: `/api/exam/question/list/1799/${hl}`,
      ...(cookie ? withSession(cookie) : {}),
    });
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
    expect(cookie.httpOnly).toBe(true);
    // The id travels only in the HttpOnly cookie: never in the JSON a script could read.
    expect(data).not.toHaveProperty('sessionId');
    expect(res.body).not.toContain(cookie.value);
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

  it('resumes the same session and form from the cookie; restart starts a new one', async () => {
    const first = await start();
    const again = await start(first.sessionId);
    expect(again.sessionId).toBe(first.sessionId);
    expect(again.data.questions.map((q: { id: string }) => q.id)).toEqual(
      first.data.questions.map((q: { id: string }) => q.id),
    );
    expect(again.data.deadline).toBe(first.data.deadline);
    const read1 = await read(first.sessionId);
    expect(read1.statusCode, read1.body).toBe(200);
    expect(read1.json().data).toEqual({ ...first.data, serverNow: read1.json().data.serverNow });
    const fresh = await start(first.sessionId, true);
    expect(fresh.sessionId).not.toBe(first.sessionId);
  });

  it('a GET without a session cookie creates no session row (a crawler costs nothing); starting is a POST', async () => {
    const count = async () =>
      Number(
        (
          await t.deps.db.kysely
            .selectFrom('exam_sessions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const hl of ['en', 'ja']) {
      const res = await read(undefined, hl);
      expect([res.statusCode, res.json().code]).toEqual([404, 'SESSION_NOT_FOUND']);
      expect(res.cookies.find((c) => c.name === 'IQ-exam')).toBeUndefined();
    }
    // An unknown or forged cookie is no session either, and makes none.
    const forged = await read('A'.repeat(22));
    expect([forged.statusCode, forged.json().code]).toEqual([404, 'SESSION_NOT_FOUND']);
    // The old way to start (GET with ?restart=1) starts nothing.
    const oldStart = await t.app.inject({ method: 'GET', url: '/api/exam/question/list/1799/en?restart=1' });
    expect(oldStart.statusCode).toBe(404);
    expect(await count()).toBe(before);
    await start();
    expect(await count()).toBe(before + 1);
  });

  it('takes the session id from the cookie only, never from a body or a query string', async () => {
    const { sessionId } = await start(undefined, true);
    const key = await keyOf(sessionId);
    const answer = {
      itemId: key.items[0]!.id,
      choice: 1,
      timeMs: 5000,
      firstChoiceMs: 2000,
      changes: 0,
      focusLosses: 0,
    };
    const inBody = await t.app.inject({
      method: 'POST',
      url: '/api/exam/session/answer',
      payload: { ...answer, sessionId },
    });
    expect([inBody.statusCode, inBody.json().code]).toEqual([404, 'SESSION_NOT_FOUND']);
    const inQuery = await t.app.inject({
      method: 'POST',
      url: `/api/exam/session/answer?sessionId=${sessionId}`,
      payload: answer,
    });
    expect([inQuery.statusCode, inQuery.json().code]).toEqual([404, 'SESSION_NOT_FOUND']);
    for (const [url, payload] of [
      ['/api/exam/session/part/next', { sessionId, part: 1 }],
      ['/api/exam/session/confirm', { sessionId }],
      ['/api/exam/order/info', { sessionId }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'SESSION_NOT_FOUND']);
    }
    const readByQuery = await t.app.inject({
      method: 'GET',
      url: `/api/exam/question/list/1799/en?sessionId=${sessionId}`,
    });
    expect(readByQuery.statusCode).toBe(404);
    // Nothing above reached the session: it has no answer and is still active.
    const row = await t.deps.db.kysely
      .selectFrom('exam_sessions')
      .select('status')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
    expect((await read(sessionId)).json().data.answers).toEqual([]);
    // The same call with the cookie is taken.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/exam/session/answer',
      payload: answer,
      ...withSession(sessionId),
    });
    expect(ok.json().data).toEqual({ answered: 1 });
  });

  it('sends the form compressed when the browser accepts it (about a tenth of its size)', async () => {
    const { brotliDecompressSync } = await import('node:zlib');
    const { sessionId: cookie } = await start();
    const plain = await read(cookie);
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
    const cookie = (await start()).sessionId;
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
    expect(frJson.data.examId).toBe(a.json.data.examId);
    expect(frJson.data.sessionId).toBeUndefined();
    expect(frJson.data.questions[0].options[0]).not.toBe(a.json.data.questions[0].options[0]);
  });

  it('names options in the visitor language', async () => {
    const res = await startTest(t, { hl: 'ja', restart: true });
    const q = res.data.questions[0];
    expect(q.options[0]).not.toContain('Option A');
  });

  it('saves answers idempotently and rejects bad ones with stable codes', async () => {
    const { sessionId } = await start();
    const key = await keyOf(sessionId);
    const item = key.items[0]!.id;
    const base = {
      itemId: item,
      choice: 2,
      timeMs: 9000,
      firstChoiceMs: 4000,
      changes: 0,
      focusLosses: 0,
    };
    expect((await post('/exam/session/answer', base, sessionId)).json().data.answered).toBe(1);
    expect(
      (await post('/exam/session/answer', { ...base, choice: 3, changes: 1 }, sessionId)).json().data.answered,
    ).toBe(1);
    const resumed = await start(sessionId);
    expect(resumed.data.answers).toEqual([{ itemId: item, choice: 3 }]);

    const unknown = await post('/exam/session/answer', { ...base, itemId: 'not-an-item' }, sessionId);
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'UNKNOWN_ITEM']);
    const outOfRange = await post('/exam/session/answer', { ...base, choice: 6 }, sessionId);
    expect([outOfRange.statusCode, outOfRange.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const negative = await post('/exam/session/answer', { ...base, timeMs: -5 }, sessionId);
    expect(negative.statusCode).toBe(400);
    const noSession = await post('/exam/session/answer', base, 'A'.repeat(22));
    expect([noSession.statusCode, noSession.json().code]).toEqual([404, 'SESSION_NOT_FOUND']);
  });

  it('refuses answers after the deadline (plus a short grace for offline queues)', async () => {
    const { sessionId } = await start(undefined, true);
    const key = await keyOf(sessionId);
    const answer = {
      itemId: key.items[0]!.id,
      choice: 1,
      timeMs: 1000,
      firstChoiceMs: 500,
      changes: 0,
      focusLosses: 0,
    };
    t.clock.advance(1500 * 1000 + 30_000);
    expect((await post('/exam/session/answer', answer, sessionId)).statusCode).toBe(200);
    t.clock.advance(31_000);
    const late = await post('/exam/session/answer', answer, sessionId);
    expect([late.statusCode, late.json().code]).toEqual([409, 'TIME_UP']);
  });

  it('locks answers at confirmation; a second confirmation and later edits are refused', async () => {
    const { sessionId } = await start(undefined, true);
    expect((await post('/exam/order/info', {}, sessionId)).json().code).toBe('NOT_CONFIRMED');
    const key = await answerAllParts(t, sessionId, honest);
    const confirmed = await post('/exam/session/confirm', {}, sessionId);
    expect(confirmed.json().data).toEqual({ status: 'confirmed', answered: 30 });
    const twice = await post('/exam/session/confirm', {}, sessionId);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'SESSION_LOCKED']);
    const edit = await post(
      '/exam/session/answer',
      { itemId: key.items[0]!.id, choice: 0, timeMs: 1, firstChoiceMs: 1, changes: 1, focusLosses: 0 },
      sessionId,
    );
    expect([edit.statusCode, edit.json().code]).toEqual([409, 'SESSION_LOCKED']);
  });

  it('scores a confirmed session into exactly one order, even under 20 concurrent calls; no score before payment', async () => {
    const { sessionId } = await start(undefined, true);
    await answerAllParts(t, sessionId, honest);
    await post('/exam/session/confirm', {}, sessionId);
    const results = await Promise.all(Array.from({ length: 20 }, () => post('/exam/order/info', {}, sessionId)));
    const numbers = new Set(results.map((r) => r.json().data.orderNumber));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(numbers.size).toBe(1);
    const orderNumber = [...numbers][0] as string;
    expect(orderNumber).toMatch(/^MG(-[0-9A-HJKMNP-TV-Z]{4}){7}$/);
    // The free headline: the class and how many were right (22 of 30 answered right above), nothing more.
    const stored0 = await t.deps.db.kysely
      .selectFrom('exam_sessions')
      .select('result')
      .where('id', '=', sessionId)
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
      .where('session_id', '=', sessionId)
      .execute();
    expect(rows).toHaveLength(1);

    // Unpaid: no report data, even for the browser that took the test.
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/exam/order/info/${orderNumber}`,
      cookies: { 'IQ-exam': sessionId },
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
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('scored');
    expect(JSON.parse(stored.result ?? '{}').iq.iq).toBeGreaterThan(70);

    const resumed = await start(sessionId);
    expect(resumed.data).toMatchObject({ status: 'scored', orderNumber });

    const guessed = await t.app.inject({ method: 'GET', url: `/api/exam/order/info/MG${'x'.repeat(22)}` });
    expect([guessed.statusCode, guessed.json().code]).toEqual([404, 'ORDER_NOT_FOUND']);
  });

  it('a rapid-clicking session gets the abnormal outcome and no order', async () => {
    const { sessionId } = await start(undefined, true);
    await answerAllParts(t, sessionId, { choice: (i) => i % 6, timeMs: () => 400 });
    await post('/exam/session/confirm', {}, sessionId);
    const res = await post('/exam/order/info', {}, sessionId);
    // The abnormal page names what was seen, in the test's language.
    expect(res.json().data).toEqual({
      outcome: 'abnormal',
      messageKey: 'engine.validity.abnormal',
      behaviours: [
        'Many answers came faster than anyone could read the puzzle.',
        'The answers were at the level of chance and came faster than the puzzles can be worked out.',
      ],
    });
    const again = await post('/exam/order/info', {}, sessionId);
    expect(again.json().data.outcome).toBe('abnormal');
    const orders = await t.deps.db.kysely
      .selectFrom('exam_orders')
      .selectAll()
      .where('session_id', '=', sessionId)
      .execute();
    expect(orders).toHaveLength(0);
  });

  it('attaches the e-mail with the consent given; refuses a bad address or no consent', async () => {
    const { sessionId } = await start(undefined, true);
    await answerAllParts(t, sessionId, honest);
    await post('/exam/session/confirm', {}, sessionId);
    const { orderNumber } = (await post('/exam/order/info', {}, sessionId)).json().data;
    const consent = { terms: true, termsVersion: '1.0', privacyVersion: '1.0' };
    expect(
      (await post('/exam/order/update/email', { orderNumber, email: 'nope', consent, hl: 'en' }, sessionId)).statusCode,
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
          sessionId,
        )
      ).statusCode,
    ).toBe(400);
    const body = { orderNumber, email: 'Visitor@Example.com', consent, hl: 'de' };
    // The order number alone is not the right to the order: only its test's browser (issue 13).
    expect((await post('/exam/order/update/email', body)).json().code).toBe('ORDER_ACCESS_DENIED');
    const ok = await post('/exam/order/update/email', body, sessionId);
    expect(ok.json().data).toEqual({ orderNumber, email: 'visitor@example.com', confirmationSent: false });
    const row = await t.deps.db.kysely
      .selectFrom('exam_orders')
      .selectAll()
      .where('order_number', '=', orderNumber)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.consent ?? '{}')).toMatchObject({ terms: true, termsVersion: '1.0', hl: 'de' });
  });

  it('an unknown exam has no form; the personality exam has statements, not puzzles', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/exam/session/start/4242/en', payload: {} });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'EXAM_NOT_FOUND']);
    const personality = (
      await t.app.inject({ method: 'POST', url: '/api/exam/session/start/1800/en', payload: {} })
    ).json().data;
    expect(personality).toMatchObject({ kind: 'personality', questions: [] });
    const iq = (await start()).data;
    expect(iq).toMatchObject({ kind: 'iq', statements: [] });
  });
});
