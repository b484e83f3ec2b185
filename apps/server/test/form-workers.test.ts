import { scoringKey } from '@mindgauge/psychometrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env';
import { analysisOf, formOfSession, keyOf, panelLabels, publicQuestionsOf } from '../src/modules/exam/exam-form';
import { formDrawer } from '../src/modules/exam/form-drawer';
import { buyReport, readerCookie } from './checkout-helpers';
import { startTest, withSession } from './exam-session';
import { answerPart, finishPart, honest } from './routed-taker';
import { createTestApp, dialects, type TestApp } from './test-app';

/**
 * Forms are drawn on several worker threads (FORM_DRAW_WORKERS, decision 0041): each answer goes to the job
 * that asked, whichever thread drew it; routing a part draws the grown form once (key and questions); the
 * answer analysis is drawn there too. Every result is checked against the same seed drawn on this thread.
 */
describe('the form-drawing workers', () => {
  it('default to one per core but one (1 to 4), and take a count from FORM_DRAW_WORKERS', () => {
    const dflt = parseEnv({}).FORM_DRAW_WORKERS;
    expect(dflt).toBeGreaterThanOrEqual(1);
    expect(dflt).toBeLessThanOrEqual(4);
    expect(parseEnv({ FORM_DRAW_WORKERS: '3' }).FORM_DRAW_WORKERS).toBe(3);
    expect(() => parseEnv({ FORM_DRAW_WORKERS: '0' })).toThrow(/FORM_DRAW_WORKERS/);
  });

  it('give each of many concurrent jobs its own answer, on three threads at once', async () => {
    const drawer = formDrawer(3);
    try {
      expect(drawer.workers).toBe(3);
      const labels = { panel: Array.from({ length: 8 }, (_, i) => `p${i}`), option: ['A', 'B', 'C', 'D', 'E', 'F'] };
      const stored = Array.from({ length: 9 }, (_, i) => ({
        seed: `${i}`.repeat(32).slice(0, 32),
        form_version: 3,
        route: ['', '1', '12'][i % 3] as string,
      }));
      const answers = await Promise.all(
        stored.map((s, i) =>
          i % 3 === 0
            ? drawer.draw(s, labels, 'urgent').then((d) => ({ key: d.key, questions: d.questions.toString() }))
            : i % 3 === 1
              ? drawer.scoringKey(s)
              : drawer.analysis(s, labels),
        ),
      );
      for (const [i, s] of stored.entries()) {
        const form = formOfSession(s);
        const expected =
          i % 3 === 0
            ? { key: keyOf(form), questions: publicQuestionsOf(form, labels) }
            : i % 3 === 1
              ? scoringKey(form)
              : analysisOf(form, labels);
        expect(answers[i]).toEqual(expected);
      }
    } finally {
      await drawer.close();
    }
  });
});

describe.each(dialects())('forms drawn on the workers, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /**
   * Answers two parts and routes each; after each, the stored key and the question list (in `hl`) are what
   * the seed and route draw. `elsewhere`: the session's language is changed before each routing, as if
   * another instance (without this form in its cache) routed it: the whole grown form is drawn there.
   */
  async function routeTwoParts(hl: 'ja' | 'ko', elsewhere: boolean) {
    const { sessionId } = await startTest(t, { hl: elsewhere ? 'en' : hl, restart: true });
    if (elsewhere) {
      await t.deps.db.kysely.updateTable('exam_sessions').set({ locale: hl }).where('id', '=', sessionId).execute();
    }
    const done = new Set<string>();
    for (let part = 1; part <= 2; part++) {
      await answerPart(t, sessionId, honest, done);
      await finishPart(t, sessionId, part);
      const row = await t.deps.db.kysely
        .selectFrom('exam_sessions')
        .select(['seed', 'form_version', 'route', 'scoring_key'])
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      expect(row.route).toHaveLength(part);
      const form = formOfSession(row);
      // The key stored for the grown form is the one its seed and route draw (routing and scoring read it).
      expect(row.scoring_key).toBe(keyOf(form));
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/exam/question/list/1799/${hl}`,
        ...withSession(sessionId),
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data.part).toBe(part + 1);
      expect(list.json().data.questions).toEqual(
        JSON.parse(publicQuestionsOf(form, panelLabels(t.deps.translator, hl))),
      );
    }
  }

  it('routes each part by drawing it alone: the stored key and the next question list are the seed’s', () =>
    routeTwoParts('ja', false));

  it('routes a part whose form this instance does not hold by drawing the whole grown form', () =>
    routeTwoParts('ko', true));

  it('draws the answer analysis on the workers: the items its seed draws, named in the language asked', async () => {
    const order = await buyReport(t, 'workers-analysis@example.com');
    const cookies = await readerCookie(t, order);
    const res = await t.app.inject({ method: 'GET', url: `/api/exam/order/questions/${order}?hl=de`, cookies });
    expect(res.statusCode, res.body).toBe(200);
    const session = await t.deps.db.kysely
      .selectFrom('exam_sessions')
      .select(['seed', 'form_version', 'route'])
      .where('id', '=', cookies['IQ-exam'])
      .executeTakeFirstOrThrow();
    const drawn = analysisOf(formOfSession(session), panelLabels(t.deps.translator, 'de'));
    const items = res.json().data.items as {
      part: number;
      answerIndex: number;
      context: string[];
      options: string[];
    }[];
    expect(items.map((i) => [i.part, i.answerIndex, i.context, i.options])).toEqual(
      drawn.map((d) => [d.part, d.answerIndex, d.context, d.options]),
    );
    expect(JSON.stringify(items[0]?.options)).toContain(panelLabels(t.deps.translator, 'de').option[0]);
  });
});
