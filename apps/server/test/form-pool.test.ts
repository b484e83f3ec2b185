import type { Locale } from '@mindgauge/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_VERSION, formOfSession, keyOf, panelLabels, publicQuestionsOf } from '../src/modules/exam/exam-form';
import { createTestApp, dialects, type TestApp } from './test-app';

/**
 * Issue 14: starting a test must not stall the server. New sessions take forms a worker thread drew ahead
 * (modules/exam/form-pool.ts); an empty pool draws on the worker. Each served form is checked against the
 * same seed's form drawn here, on the test's own thread, with the functions a stored session is read with.
 */
describe.each(dialects())('the pool of new forms on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  async function firstVisit(hl: Locale, cookie?: string) {
    // A first visit starts the test (a POST); with the session's cookie it is a resume (a read).
    const res = cookie
      ? await t.app.inject({ method: 'GET', url: `/api/exam/question/list/1799/${hl}`, cookies: { 'IQ-exam': cookie } })
      : await t.app.inject({ method: 'POST', url: `/api/exam/session/start/1799/${hl}`, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = res.cookies.find((c) => c.name === 'IQ-exam')?.value ?? cookie ?? '';
    return { sessionId, questions: res.json().data.questions as unknown[] };
  }

  const stored = (id: string) =>
    t.deps.db.kysely
      .selectFrom('exam_sessions')
      .select(['seed', 'form_version', 'route', 'scoring_key'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** The session's stored key and served questions are those its seed draws, in its language. */
  async function expectDrawnFromSeed(visit: { sessionId: string; questions: unknown[] }, hl: Locale) {
    const row = await stored(visit.sessionId);
    expect(row.form_version).toBe(FORM_VERSION);
    const form = formOfSession(row);
    expect(row.scoring_key).toBe(keyOf(form));
    expect(visit.questions).toEqual(JSON.parse(publicQuestionsOf(form, panelLabels(t.deps.translator, hl))));
    return row.seed;
  }

  it('serves first visits while the pool is still empty, each from its own seed', async () => {
    expect(t.forms.readySeeds('fr')).toEqual([]);
    // More concurrent first visits than the pool holds, before it ever filled: drawn on the worker at once.
    const visits = await Promise.all(Array.from({ length: t.forms.size + 4 }, () => firstVisit('fr')));
    const seeds = await Promise.all(visits.map((v) => expectDrawnFromSeed(v, 'fr')));
    expect(new Set(seeds).size).toBe(visits.length);
    expect(new Set(visits.map((v) => v.sessionId)).size).toBe(visits.length);
  });

  it('refills in the background, and a form taken from it is the form its seed draws', async () => {
    await t.forms.full('ja');
    const ready = t.forms.readySeeds('ja');
    expect(ready).toHaveLength(t.forms.size);
    const visit = await firstVisit('ja');
    // The visit took the first ready form; the worker draws its replacement.
    expect(await expectDrawnFromSeed(visit, 'ja')).toBe(ready[0]);
    expect(t.forms.readySeeds('ja')).not.toContain(ready[0]);
    // The accessible names are the visitor's language.
    expect(JSON.stringify(visit.questions)).toContain(panelLabels(t.deps.translator, 'ja').option[0]);
    await t.forms.full('ja');
    expect(t.forms.readySeeds('ja')).toHaveLength(t.forms.size);
  });

  it('resumes the same form, drawn again on the worker once the form cache has forgotten it', async () => {
    const visit = await firstVisit('de');
    // Past the form cache's 30 minutes (the session's 25-minute deadline does not end a resume).
    t.clock.advance(31 * 60_000);
    const resumed = await firstVisit('de', visit.sessionId);
    expect(resumed.sessionId).toBe(visit.sessionId);
    expect(resumed.questions).toEqual(visit.questions);
    await expectDrawnFromSeed(resumed, 'de');
  });

  it('a form the worker cannot draw fails that job alone; the next visit is served', async () => {
    await expect(t.forms.scoringKey({ seed: 'ab', form_version: 99, route: '' })).rejects.toThrow(
      /form version 99 is unknown/,
    );
    await expectDrawnFromSeed(await firstVisit('es'), 'es');
  });
});
