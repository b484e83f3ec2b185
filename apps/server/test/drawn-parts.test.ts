import type { Locale } from '@mindgauge/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { ManualClock } from '../src/lib/clock';
import { formOfSession, panelLabels, publicQuestionsOf } from '../src/modules/exam/exam-form';
import { examRepository } from '../src/modules/exam/exam-repository';
import { startTest, withSession } from './exam-session';
import { type Answering, answerPart, finishPart } from './routed-taker';
import { createTestApp, dialects, type TestApp, testEnv } from './test-app';

/**
 * Issue 14: a second instance must not cost a second drawing of every form. The parts of a test form are kept
 * in the database as drawn (modules/exam/drawn-parts.ts); an instance that did not draw them, or whose form
 * cache forgot them, serves the questions from there. The worker is watched: it must not be asked to draw.
 */
type Forms = TestApp['forms'];

// A spy left by a failed test must not count the next test's drawings.
afterEach(() => {
  vi.restoreAllMocks();
});

/** Watches the worker's whole-form drawings (what a kept part spares); `count()` is how many were asked for. */
function watchDrawings(forms: Forms) {
  const draw = vi.spyOn(forms, 'draw');
  const drawWithKey = vi.spyOn(forms, 'drawWithKey');
  return { count: () => draw.mock.calls.length + drawWithKey.mock.calls.length };
}

async function questionList(app: TestApp['app'], sessionId: string, hl: Locale) {
  const res = await app.inject({ method: 'GET', url: `/api/exam/question/list/1799/${hl}`, ...withSession(sessionId) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { part: number; questions: unknown[] };
}

/** The questions the session's seed and route draw now, named in `hl`: what every instance must serve. */
async function drawnHere(t: TestApp, sessionId: string, hl: Locale) {
  const row = await t.deps.db.kysely
    .selectFrom('exam_sessions')
    .select(['seed', 'form_version', 'route'])
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return JSON.parse(publicQuestionsOf(formOfSession(row), panelLabels(t.deps.translator, hl)));
}

/** Every answer right, at a person's pace. */
const right: Answering = { choice: (_, k) => k.answerIndex, timeMs: () => 30_000 };

/** The same test app seen through another instance's HTTP server (the database, clock and key reads shared). */
const through = (t: TestApp, app: TestApp['app']): TestApp => ({ ...t, app });

const startedIn = async (t: TestApp, hl: Locale) => (await startTest(t, { hl })).sessionId;

describe.each(dialects())('the drawn parts of a form on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('a resume after the form cache forgot the form is served from the kept parts, none drawn again', async () => {
    const sessionId = await startedIn(t, 'ko');
    const done = new Set<string>();
    for (const part of [1, 2]) {
      await answerPart(t, sessionId, right, done);
      await finishPart(t, sessionId, part);
    }
    const { route } = await t.deps.db.kysely
      .selectFrom('exam_sessions')
      .select('route')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const kept = await t.deps.db.kysely
      .selectFrom('exam_drawn_parts')
      .select(['route', 'locale'])
      .where('session_id', '=', sessionId)
      .orderBy('route')
      .execute();
    // Each part under the route it was drawn after.
    expect(kept).toEqual(['', route.slice(0, 1), route].map((r) => ({ route: r, locale: 'ko' })));
    // Past the form cache's 30 minutes (the 25-minute deadline does not end a resume).
    t.clock.advance(31 * 60_000);
    const watched = watchDrawings(t.forms);
    const list = await questionList(t.app, sessionId, 'ko');
    expect(list.part).toBe(3);
    expect(list.questions).toHaveLength(30);
    expect(list.questions).toEqual(await drawnHere(t, sessionId, 'ko'));
    expect(watched.count()).toBe(0);
  });

  it('another language is drawn on the worker (its names differ), and the retention job forgets parts after a day', async () => {
    const sessionId = await startedIn(t, 'fr');
    const watched = watchDrawings(t.forms);
    const list = await questionList(t.app, sessionId, 'pt');
    expect(list.questions).toEqual(await drawnHere(t, sessionId, 'pt'));
    expect(watched.count()).toBe(1);

    const count = async () =>
      Number(
        (
          await t.deps.db.kysely
            .selectFrom('exam_drawn_parts')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('session_id', '=', sessionId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(1);
    const repo = examRepository(t.deps.db.kysely);
    expect(await repo.purgeDrawnParts(t.clock.now() - 86_400_000)).toBe(0);
    expect(await count()).toBe(1);
    t.clock.advance(86_400_000 + 1);
    expect(await repo.purgeDrawnParts(t.clock.now() - 86_400_000)).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(0);
    // Forgotten, it is drawn again from the seed: the same questions.
    const again = await questionList(t.app, sessionId, 'fr');
    expect(again.questions).toEqual(await drawnHere(t, sessionId, 'fr'));
  });

  it('a part that cannot be kept fails no request: the form is drawn when it is asked for', async () => {
    const table = (from: string, to: string) =>
      sql.raw(`alter table ${from} rename to ${to}`).execute(t.deps.db.kysely);
    await table('exam_drawn_parts', 'exam_drawn_parts_away');
    try {
      const sessionId = await startedIn(t, 'es');
      await answerPart(t, sessionId, right, new Set());
      await finishPart(t, sessionId, 1);
      t.clock.advance(31 * 60_000);
      const watched = watchDrawings(t.forms);
      const list = await questionList(t.app, sessionId, 'es');
      expect(list.part).toBe(2);
      expect(list.questions).toEqual(await drawnHere(t, sessionId, 'es'));
      expect(watched.count()).toBe(1);
    } finally {
      await table('exam_drawn_parts_away', 'exam_drawn_parts');
    }
  });
});

describe.runIf(dialects().includes('postgres'))('two instances on one PostgreSQL, without stickiness', () => {
  it('serve each request of a test in turn and draw no form the other drew', async () => {
    const t = await createTestApp('postgres');
    const second = await buildApp({
      env: testEnv(),
      db: openDatabase(t.testDb.url, 10),
      clock: new ManualClock(t.clock.now()),
      logger: false,
    });
    try {
      // A load balancer without stickiness: each step on the instance that has not seen the form as it is now.
      const sessionId = await startedIn(t, 'de');
      const watched = [watchDrawings(t.forms), watchDrawings(second.forms)];
      const viaSecond = through(t, second.app);
      const done = new Set<string>();
      await answerPart(t, sessionId, right, done);
      // The second instance routes part 2 without ever having drawn part 1: it reads it and draws part 2 alone.
      await finishPart(viaSecond, sessionId, 1);
      await answerPart(viaSecond, sessionId, right, done);
      // The first routes part 3 without having seen part 2.
      await finishPart(t, sessionId, 2);
      const expected = await drawnHere(t, sessionId, 'de');
      expect(expected).toHaveLength(30);
      // And the second lists all three parts without having drawn part 3.
      expect((await questionList(second.app, sessionId, 'de')).questions).toEqual(expected);
      expect((await questionList(t.app, sessionId, 'de')).questions).toEqual(expected);
      expect(watched.map((w) => w.count())).toEqual([0, 0]);
      // Scored on either instance from the stored key, as before.
      const confirm = await second.app.inject({
        method: 'POST',
        url: '/api/exam/session/confirm',
        payload: {},
        ...withSession(sessionId),
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
    } finally {
      await second.app.close();
      await second.deps.db.close();
      await t.close();
    }
  });
});
