import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALES } from '@mindgauge/contract';
import { chooseRoute, MST_DESIGN_1, MST_DESIGN_2, scoringKey } from '@mindgauge/psychometrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_VERSION, formOfSession, keyOf } from '../src/modules/exam/exam-form';
import { buyTier, post } from './checkout-helpers';
import { sessionPost, startTest, withSession } from './exam-session';
import { type Answering, answerAllParts, honest, storedKey } from './routed-taker';
import { createTestApp, dialects, type TestApp } from './test-app';

/** Tried, found every puzzle hard: wrong answers at a normal pace (chance level, not rushed). */
const struggling: Answering = {
  choice: (i, k) => (k.answerIndex + 1 + (i % 5)) % 6,
  timeMs: (i) => 30_000 + i * 900,
};

describe.each(dialects())('the routed test (scoring version 2) on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const list = (sessionId: string) =>
    t.app.inject({ method: 'GET', url: '/api/exam/question/list/1799/en', ...withSession(sessionId) });
  const next = (sessionId: string, part: number) => sessionPost(t, sessionId, '/api/exam/session/part/next', { part });
  const answer = (sessionId: string, itemId: string, choice: number) =>
    sessionPost(t, sessionId, '/api/exam/session/answer', {
      itemId,
      choice,
      timeMs: 20_000,
      firstChoiceMs: 9_000,
      changes: 0,
      focusLosses: 0,
    });

  /** A session as stored, in one line: its row's state, its key (id:answer:part) and its answers (id:choice:ms). */
  const storedSession = async (sessionId: string) => {
    const db = t.deps.db.kysely;
    const row = await db.selectFrom('exam_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
    const answers = await db.selectFrom('session_answers').selectAll().where('session_id', '=', sessionId).execute();
    const key = await storedKey(t, sessionId);
    return JSON.stringify({
      status: row.status,
      versions: [row.form_version, row.scoring_version],
      route: row.route,
      validity: row.validity,
      key: key.items.map((k) => `${k.id}:${k.answerIndex}:${k.part}`),
      answers: answers.map((a) => `${a.item_id}:${a.choice}:${a.time_ms}`),
    });
  };

  it('serves part by part, routes on the server, makes a finished part final, and resumes the same items', async () => {
    const { data: first, sessionId } = await startTest(t, { restart: true });
    expect([first.part, first.questions.length]).toEqual([1, 10]);
    const part1 = await storedKey(t, sessionId);
    expect(part1.items.map((k) => k.id)).toEqual(first.questions.map((q: { id: string }) => q.id));
    // Part 2 is not given before part 1 is finished; part 3 cannot be asked for yet.
    expect((await next(sessionId, 2)).statusCode).toBe(409);
    for (const k of part1.items) expect((await answer(sessionId, k.id, k.answerIndex)).statusCode).toBe(200);
    const moved = await next(sessionId, 1);
    expect(moved.json().data).toEqual({ part: 2 });
    // Repeating the call (a retried request) changes nothing.
    expect((await next(sessionId, 1)).json().data).toEqual({ part: 2 });
    const row = await t.deps.db.kysely
      .selectFrom('exam_sessions')
      .select(['route', 'scoring_version', 'form_version', 'seed'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(row.scoring_version).toBe(2);
    // All of part 1 right: the harder part 2.
    expect(row.route).toBe('2');

    // A refresh (a new GET) gives the same items, part 1 then the routed part 2, and the answers so far.
    const refreshed = (await list(sessionId)).json().data;
    expect(refreshed.part).toBe(2);
    expect(refreshed.questions).toHaveLength(20);
    expect(refreshed.questions.slice(0, 10)).toEqual(first.questions);
    expect(refreshed.questions.slice(10).map((q: { part: number }) => q.part)).toEqual(Array(10).fill(2));
    expect(refreshed.answers).toHaveLength(10);
    const again = (await list(sessionId)).json().data;
    expect(again.questions.map((q: { id: string }) => q.id)).toEqual(
      refreshed.questions.map((q: { id: string }) => q.id),
    );
    expect(formOfSession(row).items.map((i) => i.id)).toEqual(refreshed.questions.map((q: { id: string }) => q.id));
    for (const secret of ['answerIndex', '"a":', '"b":', 'route', 'scoring']) {
      expect(JSON.stringify(refreshed)).not.toContain(secret);
    }

    // Part 1's answers are final now; part 2's can still change.
    const locked = await answer(sessionId, part1.items[0]!.id, 0);
    expect([locked.statusCode, locked.json().code]).toEqual([409, 'PART_FINISHED']);
    expect(locked.json().message).toContain('final');
    const key2 = await storedKey(t, sessionId);
    expect(key2.items).toHaveLength(20);
    expect((await answer(sessionId, key2.items[10]!.id, 0)).statusCode).toBe(200);
    // An item of a part not given yet is unknown.
    const otherSeed = formOfSession({ seed: 'another', form_version: FORM_VERSION, route: '22' }).items[25]!;
    expect((await answer(sessionId, otherSeed.id, 0)).json().code).toBe('UNKNOWN_ITEM');
  });

  it('a session started under design 1 (form version 3) finishes under it; new sessions draw design 2', async () => {
    const { sessionId } = await startTest(t, { restart: true });
    const row = await t.deps.db.kysely
      .selectFrom('exam_sessions')
      .select(['seed', 'form_version'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(row.form_version).toBe(FORM_VERSION);
    expect(FORM_VERSION).toBe(4);
    // As if it had been started before the deploy: version 3, its part 1 drawn under design 1.
    const v3 = formOfSession({ seed: row.seed, form_version: 3, route: '' });
    const v4 = formOfSession({ seed: row.seed, form_version: 4, route: '' });
    expect(v3.items.map((i) => i.id)).not.toEqual(v4.items.map((i) => i.id));
    await t.deps.db.kysely
      .updateTable('exam_sessions')
      .set({ form_version: 3, scoring_key: keyOf(v3) })
      .where('id', '=', sessionId)
      .execute();
    // The screen asks for part 1 first, so this instance holds it: routing then draws part 2 alone (on a form
    // worker), which must follow the session's design too.
    expect((await list(sessionId)).json().data.questions.map((q: { id: string }) => q.id)).toEqual(
      v3.items.map((i) => i.id),
    );
    // Two slips at the end of part 1: the routing of design 1 is the one applied.
    const responses = v3.items.map((it, i) => ({
      itemId: it.id,
      choice: i >= 8 ? (it.answerIndex + 1) % 6 : it.answerIndex,
    }));
    for (const r of responses) expect((await answer(sessionId, r.itemId, r.choice as number)).statusCode).toBe(200);
    expect((await next(sessionId, 1)).json().data).toEqual({ part: 2 });
    const routed = await t.deps.db.kysely
      .selectFrom('exam_sessions')
      .select(['route', 'form_version', 'seed'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(routed.form_version).toBe(3);
    expect(routed.route).toBe(chooseRoute(scoringKey(v3), responses, [], MST_DESIGN_1).join(''));
    expect(MST_DESIGN_1).not.toBe(MST_DESIGN_2);
    const served = (await list(sessionId)).json().data.questions.map((q: { id: string }) => q.id);
    expect(served).toEqual(formOfSession(routed).items.map((i) => i.id));
    expect(served.slice(10)).not.toEqual(
      formOfSession({ ...routed, form_version: 4 })
        .items.slice(10)
        .map((i) => i.id),
    );
  });

  it('routes an easier path for someone who finds part 1 hard', async () => {
    const sessionId = (await startTest(t, { restart: true })).sessionId;
    await answerAllParts(t, sessionId, struggling);
    const row = await t.deps.db.kysely
      .selectFrom('exam_sessions')
      .select('route')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(row.route).toBe('00');
  });

  it('a person at chance level at a normal pace gets the below-range outcome, may buy it, and sees no number', async () => {
    const { order, token } = await buyTier(t, 'sku4', 'below@example.com', 'en', struggling);
    const session = await t.deps.db.kysely
      .selectFrom('exam_sessions')
      .innerJoin('exam_orders', 'exam_orders.session_id', 'exam_sessions.id')
      .select(['exam_sessions.result', 'exam_sessions.iq_score', 'exam_orders.status'])
      .where('exam_orders.order_number', '=', order)
      .executeTakeFirstOrThrow();
    expect(session.status).toBe('paid');
    expect(session.iq_score).toBeNull();
    const stored = JSON.parse(session.result ?? '{}');
    expect(stored).toMatchObject({ scoringVersion: 2, outcome: 'below-range' });
    const info = await t.app.inject({ method: 'GET', url: `/api/exam/order/info/${order}?token=${token}` });
    expect(info.statusCode, info.body).toBe(200);
    const result = info.json().data.result;
    expect(result).toMatchObject({
      scoringVersion: 2,
      outcome: 'below-range',
      iq: null,
      rangeLow: null,
      rangeHigh: null,
      percentile: null,
      bound: stored.bound,
    });
    expect(result.belowRangeText).toContain(`under IQ ${stored.bound}`);
    // The web report's "about the test": the PDF's parts, from the same function, in every language.
    const about = info.json().data.about;
    expect(about.parts.map((p: { id: string }) => p.id)).toEqual([
      'what',
      'how',
      'error',
      'routing',
      'norms',
      'validity',
      'limits',
      'privacy',
    ]);
    expect(about.parts.find((p: { id: string }) => p.id === 'norms').text).toBe(result.normNote);
    for (const hl of LOCALES) {
      const texts = JSON.parse(
        fs.readFileSync(path.resolve(import.meta.dirname, `../../../packages/locales/src/${hl}/pdf.json`), 'utf8'),
      ).about;
      const read = (
        await t.app.inject({ method: 'GET', url: `/api/exam/order/info/${order}?token=${token}&hl=${hl}` })
      ).json().data.about;
      expect([hl, read.title]).toEqual([hl, texts.title]);
      expect(read.parts.find((p: { id: string }) => p.id === 'how').text).toBe(texts.howV2);
      expect(read.parts.find((p: { id: string }) => p.id === 'routing').text).toBe(texts.routing);
    }
    // The class is the one just under the bound, named as the class list names it.
    expect(result.classId).toBe(stored.classification.id);

    // The PDF: the bound and the class, no number, no accusation; the about page explains the routing.
    const pdf = await post(t, '/api/exam/order/file/down/info', { orderNumber: order, kind: 'report', token });
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mindgauge-below-'));
    try {
      const file = path.join(dir, 'below.pdf');
      fs.writeFileSync(file, pdf.rawPayload);
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain(`Below the range this test measures (under IQ ${stored.bound})`);
      expect(text).toContain(result.className);
      expect(text).toContain('How your questions were chosen');
      // Every part the web report shows is printed in the PDF too.
      for (const part of about.parts) expect(text).toContain(part.title);
      expect(text).toContain("the mode under Jeffreys' prior");
      expect(text).not.toMatch(/95% range: \d/);
      expect(text).not.toContain('not conducted in a normal way');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an honest person gets a number whose class follows the number shown', async () => {
    const { order, token } = await buyTier(t, 'sku2', 'scored@example.com', 'en', honest);
    const result = (await t.app.inject({ method: 'GET', url: `/api/exam/order/info/${order}?token=${token}` })).json()
      .data.result;
    expect(result.outcome).toBe('scored');
    expect(result.iq).toBeGreaterThan(70);
    const { classifyIq } = await import('@mindgauge/psychometrics');
    expect(result.classId).toBe(classifyIq(result.iq).id);
  });

  it('an old version 1 session is scored under its own rules and keeps its stored result', async () => {
    const sessionId = (await startTest(t, { restart: true })).sessionId;
    const row = await t.deps.db.kysely
      .selectFrom('exam_sessions')
      .select('seed')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const oldForm = formOfSession({ seed: row.seed, form_version: 2, route: '' });
    await t.deps.db.kysely
      .updateTable('exam_sessions')
      .set({ form_version: 2, scoring_version: 1, route: '', scoring_key: keyOf(oldForm) })
      .where('id', '=', sessionId)
      .execute();
    // Served whole, as before: 30 questions at once, all parts open.
    const listed = (await list(sessionId)).json().data;
    expect([listed.questions.length, listed.part]).toEqual([30, 3]);
    await answerAllParts(t, sessionId, honest);
    await sessionPost(t, sessionId, '/api/exam/session/confirm');
    const created = await sessionPost(t, sessionId, '/api/exam/order/info');
    expect(created.json().data.outcome).toBe('order');
    const stored = await t.deps.db.kysely
      .selectFrom('exam_sessions')
      .select('result')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const result = JSON.parse(stored.result ?? '{}');
    // scoreIq's result: no scoring version 2 fields.
    expect(result.valid).toBe(true);
    expect(result.scoringVersion).toBeUndefined();
    expect(result.outcome).toBeUndefined();
    // Scoring again changes nothing: the stored result is read back as it is.
    expect((await sessionPost(t, sessionId, '/api/exam/order/info')).json().data).toEqual(created.json().data);
    const after = await t.deps.db.kysely
      .selectFrom('exam_sessions')
      .select('result')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(after.result).toBe(stored.result);
  });

  it('the abnormal outcome only on rapid answers, never on honest slow ones', async () => {
    const rapid = (await startTest(t, { restart: true })).sessionId;
    await answerAllParts(t, rapid, {
      choice: (i, k) => (i % 3 === 0 ? k.answerIndex : (i * 7) % 6),
      timeMs: () => 900,
    });
    await sessionPost(t, rapid, '/api/exam/session/confirm');
    const res = (await sessionPost(t, rapid, '/api/exam/order/info')).json().data;
    expect(res.outcome).toBe('abnormal');
    expect(res.behaviours).toContain('Many answers came faster than anyone could read the puzzle.');

    const slow = (await startTest(t, { restart: true })).sessionId;
    await answerAllParts(t, slow, struggling);
    await sessionPost(t, slow, '/api/exam/session/confirm');
    // Failed once in 17 runs of the unit and server suites under load (and perhaps in CI), never alone: on a
    // failure the answer names the behaviours seen, and the stored row and answers are printed to find why.
    const slowOutcome = (await sessionPost(t, slow, '/api/exam/order/info')).json().data;
    expect(slowOutcome, slowOutcome.outcome === 'order' ? '' : await storedSession(slow)).toMatchObject({
      outcome: 'order',
    });
  });
});
