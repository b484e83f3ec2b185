import { createRng, practiceSet, scoreCorsi, trainingSet } from '@mindgauge/psychometrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyTier,
  get,
  mails,
  ownerPost,
  paidReadyOrder,
  payInFrame,
  planBody,
  planPrice,
  post,
} from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

const HOUR = 3_600_000;
const PASSWORD = 'correct horse battery staple';
let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe.each(dialects())("members' free tests and weekly training, on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload: payload as object } : {}),
      headers: cookie ? { cookie: `IQ-token=${cookie}` } : {},
    });

  /** A proven account, signed in: registration and its e-mailed code, as the browser does. */
  async function signedIn(email: string): Promise<string> {
    const ip = freshIp();
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { name: 'Ada', email, password: PASSWORD, agreement: true, hl: 'en' },
      remoteAddress: ip,
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const [row] = await t.deps.db.kysely
      .selectFrom('mail_outbox')
      .selectAll()
      .where('template', '=', 'accountCode')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .execute();
    const code = JSON.parse(row?.payload ?? '{}').code;
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/user/verify',
      payload: { email, code, purpose: 'register' },
      remoteAddress: ip,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return verified.cookies.find((c) => c.name === 'IQ-token')?.value ?? '';
  }

  async function takePlan(email: string) {
    const order = await paidReadyOrder(t);
    const price = await planPrice(t, 'weekly');
    const created = await ownerPost(t, '/api-pay/pay/plan/create', planBody(order, 'weekly', price, { email }));
    expect(created.statusCode, created.body).toBe(200);
    const { payment, next } = created.json().data;
    expect((await payInFrame(t, next.url, '4242424242424242')).statusCode).toBe(200);
    await post(t, '/api-pay/pay/check/status', { orderNumber: order, paymentId: payment.paymentId });
    return t.deps.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('order_number', '=', order)
      .executeTakeFirstOrThrow();
  }

  it('free tests need a signed-in account', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/members/overview', undefined],
      ['POST', '/api/members/practice/start', {}],
      ['POST', '/api/members/memory/start', {}],
      ['GET', '/api/members/training', undefined],
    ] as const) {
      const res = await call(method, url, undefined, body);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('NOT_SIGNED_IN');
    }
  });

  it('practice: ten puzzles without their key; each answer returns its check and explanation; the result is kept with its date', async () => {
    const cookie = await signedIn('practice@example.com');
    const started = await call('POST', '/api/members/practice/start', cookie, {});
    expect(started.statusCode, started.body).toBe(200);
    const { attemptId, puzzles } = started.json().data;
    expect(puzzles).toHaveLength(10);
    expect(started.body).not.toMatch(/answerIndex|"rules"|explanation/);
    // The key comes from the seed the server kept: draw the same set to know it.
    const seed = (
      await t.deps.db.kysely.selectFrom('member_attempts').select('seed').where('id', '=', attemptId).executeTakeFirst()
    )?.seed as string;
    const items = practiceSet(createRng(seed));
    let expectedRight = 0;
    for (let i = 0; i < 10; i++) {
      const item = items[i] as (typeof items)[number];
      // Right on even puzzles, wrong on odd ones.
      const choice = i % 2 === 0 ? item.answerIndex : (item.answerIndex + 1) % 6;
      if (i % 2 === 0) expectedRight++;
      const res = await call('POST', '/api/members/practice/answer', cookie, { attemptId, index: i, choice });
      expect(res.statusCode, res.body).toBe(200);
      const { check, result } = res.json().data;
      expect(check).toMatchObject({ index: i, choice, correct: i % 2 === 0, answerIndex: item.answerIndex });
      expect(check.explanations.length).toBe(item.rules.length);
      expect(check.explanations[0]).not.toMatch(/^engine\./);
      if (i < 9) expect(result).toBeNull();
      else expect(result.result).toEqual({ task: 'practice', correct: expectedRight, total: 10 });
    }
    // The first answer counts: changing it afterwards changes nothing; the attempt is over.
    const again = await call('POST', '/api/members/practice/answer', cookie, { attemptId, index: 0, choice: 5 });
    expect(again.statusCode).toBe(404);
    const overview = (await call('GET', '/api/members/overview', cookie)).json().data;
    expect(overview.results.practice).toHaveLength(1);
    expect(overview.results.practice[0].takenAt).toBe(new Date(t.clock.now()).toISOString());
    // Another account cannot use this attempt.
    const other = await signedIn('other-practice@example.com');
    const stranger = await call('POST', '/api/members/practice/start', other, {});
    const id2 = stranger.json().data.attemptId;
    const foreign = await call('POST', '/api/members/practice/answer', cookie, { attemptId: id2, index: 0, choice: 0 });
    expect(foreign.statusCode).toBe(404);
  });

  it('a practice answer given twice keeps the first', async () => {
    const cookie = await signedIn('twice@example.com');
    const { attemptId } = (await call('POST', '/api/members/practice/start', cookie, {})).json().data;
    const first = (
      await call('POST', '/api/members/practice/answer', cookie, { attemptId, index: 3, choice: 1 })
    ).json().data.check;
    const second = (
      await call('POST', '/api/members/practice/answer', cookie, { attemptId, index: 3, choice: 4 })
    ).json().data.check;
    expect(second.choice).toBe(1);
    expect(second.correct).toBe(first.correct);
  });

  it('spatial span: the issued sequences, scored from the taps; retakes are kept; bad input is a 400', async () => {
    const cookie = await signedIn('memory@example.com');
    const start = async () => (await call('POST', '/api/members/memory/start', cookie, {})).json().data;
    const { attemptId, sequences } = await start();
    expect(sequences).toHaveLength(8);
    expect(sequences[3][1]).toHaveLength(5);
    // Right up to length 4, then both wrong at 5: span 4.
    const responses: number[][] = [];
    for (let len = 2; len <= 5; len++)
      for (const k of [0, 1]) {
        const seq = sequences[len - 2][k] as number[];
        responses.push(len <= 4 ? seq : [...seq].reverse());
      }
    const done = await call('POST', '/api/members/memory/submit', cookie, { attemptId, responses });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.result).toEqual({ task: 'memory', span: 4, trials: 8, complete: true });
    const engine = scoreCorsi(
      responses.map((r, i) => ({ sequence: sequences[Math.floor(i / 2)][i % 2], response: r })),
    );
    expect(engine.span).toBe(4);
    // Taps after the end of the protocol, or a second submission, are refused.
    const next = await start();
    const tooMany = Array.from({ length: 6 }, () => [0, 1]);
    const bad = await call('POST', '/api/members/memory/submit', cookie, {
      attemptId: next.attemptId,
      responses: tooMany,
    });
    expect(bad.statusCode).toBe(400);
    const twice = await call('POST', '/api/members/memory/submit', cookie, { attemptId, responses });
    expect(twice.statusCode).toBe(404);
    const outOfRange = await call('POST', '/api/members/memory/submit', cookie, {
      attemptId: next.attemptId,
      responses: [[9, 1]],
    });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().code).toBe('VALIDATION_FAILED');
  });

  it('reaction time: anticipations and lapses set aside; fewer than 20 trials is a 400', async () => {
    const cookie = await signedIn('reaction@example.com');
    const trials = [
      ...Array.from({ length: 20 }, (_, i) => ({ rtMs: 250 + i * 5, correct: true })),
      { rtMs: 90, correct: true },
      { rtMs: null, correct: false },
    ];
    const res = await call('POST', '/api/members/reaction/submit', cookie, { mode: 'simple', trials });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.result).toMatchObject({
      task: 'reaction',
      mode: 'simple',
      kept: 20,
      anticipations: 1,
      lapses: 1,
      medianMs: 297.5,
    });
    const short = await call('POST', '/api/members/reaction/submit', cookie, {
      mode: 'choice',
      trials: trials.slice(0, 19),
    });
    expect(short.statusCode).toBe(400);
  });

  it("training: locked without a plan; a subscriber gets this week's set, checks after each answer, progress by week", async () => {
    const email = 'trainee@example.com';
    const cookie = await signedIn(email);
    const locked = await call('GET', '/api/members/training', cookie);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('TRAINING_LOCKED');
    expect((await call('GET', '/api/members/overview', cookie)).json().data.training).toEqual({
      open: false,
      via: null,
      until: null,
    });

    await takePlan(email);
    const set = await call('GET', '/api/members/training?level=2', cookie);
    expect(set.statusCode, set.body).toBe(200);
    const data = set.json().data;
    expect(data).toMatchObject({ level: 2, checks: [], progress: [], access: { open: true, via: 'subscription' } });
    expect(data.puzzles).toHaveLength(8);
    expect(set.body).not.toMatch(/answerIndex/);

    // Same week, same set for everyone: another subscriber sees the same drawings.
    const secret = (
      await t.deps.db.kysely
        .selectFrom('app_secrets')
        .select('value')
        .where('name', '=', 'training-sets')
        .executeTakeFirst()
    )?.value as string;
    const items = trainingSet(secret, data.week, 2);
    const a = await call('POST', '/api/members/training/answer', cookie, {
      level: 2,
      index: 0,
      choice: items[0]?.answerIndex,
      timeMs: 20_000,
    });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().data).toMatchObject({ correct: true, answerIndex: items[0]?.answerIndex });
    expect(a.json().data.explanations.length).toBeGreaterThan(0);
    const wrong = ((items[1]?.answerIndex ?? 0) + 1) % 6;
    await call('POST', '/api/members/training/answer', cookie, { level: 2, index: 1, choice: wrong, timeMs: 40_000 });
    const after = (await call('GET', '/api/members/training?level=2', cookie)).json().data;
    expect(after.checks.map((c: { index: number; correct: boolean }) => [c.index, c.correct])).toEqual([
      [0, true],
      [1, false],
    ]);
    expect(after.progress).toEqual([{ week: data.week, answered: 2, correct: 1, accuracy: 0.5, medianSeconds: 30 }]);
    const badLevel = await call('GET', '/api/members/training?level=9', cookie);
    expect(badLevel.statusCode).toBe(400);

    // The account's data export carries what the members' area keeps; deleting the account deletes it.
    await call('POST', '/api/members/reaction/submit', cookie, {
      mode: 'choice',
      trials: Array.from({ length: 20 }, () => ({ rtMs: 420, correct: true })),
    });
    const exported = JSON.parse((await call('GET', '/api/user/export', cookie)).body);
    expect(exported.members.trainingAnswers).toHaveLength(2);
    expect(exported.members.trainingAnswers[0]).toMatchObject({ week: data.week, level: 2, puzzle: 0, correct: true });
    expect(exported.members.results).toEqual([
      expect.objectContaining({ result: expect.objectContaining({ task: 'reaction', mode: 'choice', medianMs: 420 }) }),
    ]);
    const accountId = (
      await t.deps.db.kysely.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst()
    )?.id as string;
    const deleted = await call('POST', '/api/user/delete', cookie, { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const table of ['member_results', 'training_answers', 'member_attempts'] as const) {
      const left = await t.deps.db.kysely
        .selectFrom(table)
        .select('account_id')
        .where('account_id', '=', accountId)
        .execute();
      expect(left, table).toHaveLength(0);
    }
  });

  it('a cancelled subscription keeps training until the paid period ends, then it is locked', async () => {
    const email = 'cancelled-trainee@example.com';
    const cookie = await signedIn(email);
    const sub = await takePlan(email);
    const [confirm] = await mails(t, 'reportReady', email);
    const cancelUrl = new URL(JSON.parse(confirm?.payload ?? '{}').subscription.cancelUrl);
    const done = await post(t, '/api-pay/unsubscribe/cancel', {
      subscriptionId: cancelUrl.searchParams.get('sub'),
      token: cancelUrl.searchParams.get('token'),
      hl: 'en',
    });
    expect(done.json().data.canceled).toBe(1);
    const open = await call('GET', '/api/members/training', cookie);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data.access).toEqual({
      open: true,
      via: 'subscription',
      until: new Date(sub.current_period_end).toISOString(),
    });
    t.clock.set(sub.current_period_end - HOUR);
    expect((await call('GET', '/api/members/training', cookie)).statusCode).toBe(200);
    t.clock.set(sub.current_period_end + 1);
    const closed = await call('GET', '/api/members/training', cookie);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe('TRAINING_LOCKED');
    const answer = await call('POST', '/api/members/training/answer', cookie, {
      level: 3,
      index: 0,
      choice: 0,
      timeMs: 1,
    });
    expect(answer.statusCode).toBe(403);
  });

  it("the report's memory and reaction dimensions come from the buyer's own tasks, saying which and when", async () => {
    const email = 'dims@example.com';
    const { order, token } = await buyTier(t, 'sku3', email);
    const report = async () =>
      (await get(t, `/api/exam/order/info/${order}?token=${encodeURIComponent(token)}&hl=en`)).json().data;
    const before = (await report()).result.dimensions;
    const beforeMemory = before.find((d: { id: string }) => d.id === 'memory');
    expect(beforeMemory.source).not.toMatch(/span/i);

    const cookie = await signedIn(email);
    const { attemptId, sequences } = (await call('POST', '/api/members/memory/start', cookie, {})).json().data;
    const responses: number[][] = [];
    for (let len = 2; len <= 9; len++)
      for (const k of [0, 1]) {
        const seq = sequences[len - 2][k] as number[];
        responses.push(len <= 8 ? seq : [...seq].reverse());
        if (len === 9) break;
      }
    responses.push([...(sequences[7][1] as number[])].reverse());
    const memory = await call('POST', '/api/members/memory/submit', cookie, { attemptId, responses });
    expect(memory.json().data.result.span).toBe(8);
    // A report read is cached for a minute.
    t.clock.advance(2 * 60_000);
    const after = (await report()).result.dimensions;
    const m = after.find((d: { id: string }) => d.id === 'memory');
    expect(m.source).toContain('span of 8');
    expect(m.score).toBeGreaterThan(60);
    expect(m.provisional).toBe(true);
    // Reaction is still the test's own estimate.
    const r = after.find((d: { id: string }) => d.id === 'reaction');
    expect(r.source).toBe(before.find((d: { id: string }) => d.id === 'reaction').source);
  });
});
