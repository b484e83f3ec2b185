import { type AxisScore, axisReliability, PERSONALITY_ITEMS, scorePersonality } from '@mindgauge/psychometrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from './test-app';

const COOKIE = 'IQ-exam-1800';
/** Answers by position, as the visitor gives them: 0 strongly disagree .. 4 strongly agree. */
type Sheet = (i: number) => number;

/** A person leaning E, N, F and P, with some spread (never a long run of one answer). */
const leaning: Sheet = (i) => {
  const item = PERSONALITY_ITEMS[i] as (typeof PERSONALITY_ITEMS)[number];
  const lean: Record<string, number> = { EI: 1.4, SN: -0.9, TF: -0.3, JP: -1.6 };
  const wobble = [0, 1, -1, 0, 1, 0, -1, 1][i % 8] as number;
  return Math.min(4, Math.max(0, Math.round(2 + item.keying * (lean[item.axis] ?? 0) + wobble * 0.6)));
};

describe.each(dialects())('taking the personality test on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { MIN_RELIABILITY_SAMPLE: '4' } });
  });
  afterAll(() => t.close());

  async function start(cookie?: string, hl = 'en', query = '') {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/exam/question/list/1800/${hl}${query}`,
      ...(cookie ? { cookies: { [COOKIE]: cookie } } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { res, data: res.json().data, cookie: res.cookies.find((c) => c.name === COOKIE) };
  }
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object });
  const answer = (sessionId: string, itemId: string, choice: number | null) =>
    post('/exam/session/answer', {
      sessionId,
      itemId,
      choice,
      timeMs: 4000,
      firstChoiceMs: 3000,
      changes: 0,
      focusLosses: 0,
    });

  async function fill(sessionId: string, sheet: Sheet) {
    for (const [i, it] of PERSONALITY_ITEMS.entries()) {
      const res = await answer(sessionId, it.id, sheet(i));
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  async function finish(sheet: Sheet, tookMs = 0) {
    const { data } = await start();
    await fill(data.sessionId, sheet);
    t.clock.advance(tookMs);
    const confirmed = await post('/exam/session/confirm', { sessionId: data.sessionId });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const order = await post('/exam/order/info', { sessionId: data.sessionId });
    expect(order.statusCode, order.body).toBe(200);
    return { sessionId: data.sessionId as string, outcome: order.json().data };
  }

  it('serves the 40 statements in the asked language, one part, its own cookie', async () => {
    const { res, data, cookie } = await start();
    expect(cookie?.httpOnly).toBe(true);
    expect(data).toMatchObject({ kind: 'personality', examId: 1800, part: 1, partCount: 1, questionCount: 40 });
    expect(data.questions).toEqual([]);
    expect(data.statements.map((s: { id: string }) => s.id)).toEqual(PERSONALITY_ITEMS.map((it) => it.id));
    expect(data.statements[0].text).toBe('I feel full of energy after spending time with a lively group of people.');
    // The key (axis and keying) never leaves the server.
    for (const secret of ['keying', '"axis"', 'EI']) expect(res.body).not.toContain(secret);
    const ja = await start(undefined, 'ja');
    expect(ja.data.statements[0].text).not.toBe(data.statements[0].text);
    expect(ja.data.statements[0].text).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('keeps the IQ session cookie apart: starting one test never replaces the other', async () => {
    const iq = await t.app.inject({ method: 'GET', url: '/api/exam/question/list/1799/en' });
    const iqCookie = iq.cookies.find((c) => c.name === 'IQ-exam')?.value;
    const p = await t.app.inject({
      method: 'GET',
      url: '/api/exam/question/list/1800/en',
      cookies: { 'IQ-exam': iqCookie ?? '' },
    });
    expect(p.cookies.map((c) => c.name)).toEqual([COOKIE]);
    expect(p.json().data.sessionId).not.toBe(iqCookie);
  });

  it('saves answers as given (the latest wins) and resumes them after a refresh', async () => {
    const { data } = await start();
    expect((await answer(data.sessionId, 'p01', 4)).json().data).toEqual({ answered: 1 });
    await answer(data.sessionId, 'p02', 0);
    await answer(data.sessionId, 'p02', 3);
    expect((await answer(data.sessionId, 'p03', null)).json().data).toEqual({ answered: 2 });
    const again = await start(data.sessionId);
    expect(again.data.sessionId).toBe(data.sessionId);
    expect(again.data.answers).toEqual(
      expect.arrayContaining([
        { itemId: 'p01', choice: 4 },
        { itemId: 'p02', choice: 3 },
        { itemId: 'p03', choice: null },
      ]),
    );
    const fresh = await start(data.sessionId, 'en', '?restart=1');
    expect(fresh.data.sessionId).not.toBe(data.sessionId);
    expect(fresh.data.answers).toEqual([]);
  });

  it('refuses bad answers with a 4xx and a stable code', async () => {
    const { data } = await start();
    const codeOf = async (res: Promise<{ statusCode: number; json(): { code: string } }>) => {
      const r = await res;
      return [r.statusCode, r.json().code];
    };
    expect(await codeOf(answer(data.sessionId, 'p01', 5))).toEqual([400, 'CHOICE_OUT_OF_RANGE']);
    expect(await codeOf(answer(data.sessionId, 'p41', 1))).toEqual([400, 'UNKNOWN_ITEM']);
    expect(await codeOf(answer(data.sessionId, 'p01', -1))).toEqual([400, 'VALIDATION_FAILED']);
    expect(await codeOf(answer(data.sessionId, 'p01', 2.5))).toEqual([400, 'VALIDATION_FAILED']);
    expect(await codeOf(answer('A'.repeat(22), 'p01', 1))).toEqual([404, 'SESSION_NOT_FOUND']);
    // The questionnaire is one part: there is no next part to route.
    expect(await codeOf(post('/exam/session/part/next', { sessionId: data.sessionId, part: 1 }))).toEqual([
      409,
      'SESSION_LOCKED',
    ]);
    // Not every statement answered: it cannot be locked (it could never be scored).
    await answer(data.sessionId, 'p01', 2);
    expect(await codeOf(post('/exam/session/confirm', { sessionId: data.sessionId }))).toEqual([
      409,
      'ANSWERS_INCOMPLETE',
    ]);
    expect(await codeOf(post('/exam/order/info', { sessionId: data.sessionId }))).toEqual([409, 'NOT_CONFIRMED']);
  });

  it('scores through the API exactly as the engine does, once (a repeat reads the same result)', async () => {
    const { sessionId, outcome } = await finish(leaning);
    const engine = scorePersonality({
      responses: PERSONALITY_ITEMS.map((it, i) => ({ itemId: it.id, value: leaning(i) + 1 })),
    });
    if (!engine.valid) throw new Error('the sample sheet should be valid');
    expect(outcome.outcome).toBe('type');
    expect(outcome.orderNumber).toMatch(/^MG(-[0-9A-HJKMNP-TV-Z]{4}){7}$/);
    expect(outcome.personality).toEqual({
      type: engine.type,
      axes: engine.axes.map((a: AxisScore) => ({
        axis: a.axis,
        letter: a.letter,
        firstPolePercent: a.firstPolePercent,
        marginPercent: a.marginPercent,
        borderline: a.borderline,
      })),
    });
    expect(outcome.personality.type).toBe('ENFP');
    const again = await post('/exam/order/info', { sessionId });
    expect(again.json().data).toEqual(outcome);
    // Once confirmed the answers are locked.
    expect((await answer(sessionId, 'p01', 0)).json().code).toBe('SESSION_LOCKED');
    // The IQ report does not read a personality order.
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/exam/order/info/${outcome.orderNumber}`,
      cookies: { [COOKIE]: sessionId },
    });
    expect(info.statusCode).toBeGreaterThanOrEqual(400);
    expect(info.statusCode).toBeLessThan(500);
  });

  it('scores a sheet into exactly one order, even under concurrent calls', async () => {
    const { data } = await start();
    await fill(data.sessionId, leaning);
    await post('/exam/session/confirm', { sessionId: data.sessionId });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => post('/exam/order/info', { sessionId: data.sessionId })),
    );
    const numbers = new Set(outcomes.map((r) => r.json().data.orderNumber));
    expect(numbers.size).toBe(1);
    const orders = await t.testDb.db.kysely
      .selectFrom('exam_orders')
      .select('order_number')
      .where('session_id', '=', data.sessionId)
      .execute();
    expect(orders.map((o) => o.order_number)).toEqual([...numbers]);
  });

  it('invites a straight-lined or agree-with-everything sheet to answer again: no type, no order', async () => {
    const straight = await finish(() => 2);
    expect(straight.outcome.outcome).toBe('answer-again');
    expect(straight.outcome.reasons).toContain('The same answer was given to almost every statement.');
    expect(JSON.stringify(straight.outcome)).not.toMatch(/orderNumber|"type"/);
    const yes = await finish((i) => (i % 3 === 0 ? 3 : 4));
    expect(yes.outcome.outcome).toBe('answer-again');
    expect(yes.outcome.reasons.join(' ')).toMatch(/agree/);
    const order = await t.testDb.db.kysely
      .selectFrom('exam_orders')
      .select('order_number')
      .where('session_id', 'in', [straight.sessionId, yes.sessionId])
      .execute();
    expect(order).toEqual([]);
    expect((await post('/exam/order/info', { sessionId: yes.sessionId })).json().data).toEqual(yes.outcome);
  });

  it("reports each axis' reliability once there are enough scored sheets, computed as the engine does", async () => {
    const rel = async () => (await t.app.inject({ method: 'GET', url: '/api/exam/reliability/1800' })).json().data;
    expect((await t.app.inject({ method: 'GET', url: '/api/exam/reliability/1799' })).json().code).toBe(
      'EXAM_NOT_FOUND',
    );
    // Sheets scored so far in this file, plus enough new ones; the figures are cached, so read after a while.
    const sheets: Sheet[] = [0.5, -1, 1.5, -0.2, 0.8].map((shift) => (i) => {
      const it = PERSONALITY_ITEMS[i] as (typeof PERSONALITY_ITEMS)[number];
      const wobble = [0, 1, -1, 1, 0, -1, 0, 1, -1, 0][i % 10] as number;
      return Math.min(4, Math.max(0, Math.round(2 + it.keying * shift * (it.axis === 'TF' ? -1 : 1) + wobble * 0.7)));
    });
    const minutes = [1, 5, 7, 10, 15];
    for (const [i, s] of sheets.entries())
      expect((await finish(s, (minutes[i] as number) * 60_000)).outcome.outcome).toBe('type');
    t.clock.advance(10 * 60_000);
    const r = await rel();
    const stored = await t.testDb.db.kysely
      .selectFrom('session_answers')
      .innerJoin('exam_sessions', 'exam_sessions.id', 'session_answers.session_id')
      .select(['session_id', 'item_id', 'choice'])
      .where('exam_sessions.exam_id', '=', 1800)
      .where('exam_sessions.status', '=', 'scored')
      .execute();
    const bySession = new Map<string, { itemId: string; value: number }[]>();
    for (const a of stored)
      bySession.set(a.session_id, [
        ...(bySession.get(a.session_id) ?? []),
        { itemId: a.item_id, value: (a.choice ?? 0) + 1 },
      ]);
    const expected = axisReliability([...bySession.values()].map((responses) => ({ responses })));
    expect(r.sampleSize).toBe(bySession.size);
    expect(r.sampleSize).toBeGreaterThanOrEqual(4);
    expect(r.axes).toEqual(
      expected.map((a) => ({ axis: a.axis, alpha: a.alpha === null ? null : Math.round(a.alpha * 100) / 100 })),
    );
    expect(r.axes.some((a: { alpha: number | null }) => a.alpha !== null)).toBe(true);
    // The median time from start to confirmation of the scored sheets (the earlier ones in this file took no
    // time on the test clock, these 1..15 minutes), as stored.
    const times = await t.testDb.db.kysely
      .selectFrom('exam_sessions')
      .select(['started_at', 'confirmed_at'])
      .where('exam_id', '=', 1800)
      .where('status', '=', 'scored')
      .execute();
    const ms = times.map((x) => Number(x.confirmed_at) - Number(x.started_at)).sort((a, b) => a - b);
    const mid = Math.floor(ms.length / 2);
    const median = ms.length % 2 ? (ms[mid] as number) : ((ms[mid - 1] as number) + (ms[mid] as number)) / 2;
    expect(ms).toHaveLength(r.sampleSize);
    expect(r.medianSeconds).toBe(Math.round(median / 1000));
    expect(r.medianSeconds).toBeGreaterThanOrEqual(60);
  });
});

describe.each(dialects())('personality reliability below its threshold on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('says it is not known yet (null) until the minimum sample', async () => {
    const r = (await t.app.inject({ method: 'GET', url: '/api/exam/reliability/1800' })).json().data;
    expect(r).toMatchObject({ sampleSize: 0, minSample: 100, medianSeconds: null });
    expect(r.axes).toEqual(['EI', 'SN', 'TF', 'JP'].map((axis) => ({ axis, alpha: null })));
  });
});
