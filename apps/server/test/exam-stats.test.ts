import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examRepository } from '../src/modules/exam/exam-repository';
import { startTest } from './exam-session';
import { createTestApp, dialects, type TestApp } from './test-app';

describe.each(dialects())('exam statistics from the platform records on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { COUNTRY_HEADER: 'cf-ipcountry', MIN_COUNTRY_SAMPLE: '30' } });
  });
  afterAll(() => t.close());

  /** Scores sessions through the repository's guarded transition (which keeps the running aggregates). */
  async function scored(n: number, country: string | null, iq: number | null, prefix = '') {
    const repo = examRepository(t.deps.db.kysely);
    const now = t.clock.now();
    for (let i = 0; i < n; i++) {
      const id = `${prefix}${country ?? 'none'}-${iq}-${i}`.padEnd(22, 'x');
      await repo.insertSession({
        id,
        exam_id: 1799,
        seed: 's',
        form_version: 1,
        scoring_key: '{"items":[]}',
        locale: 'en',
        status: 'confirmed',
        started_at: now,
        deadline_at: now,
        confirmed_at: now,
        scored_at: null,
        result: null,
        validity: null,
        country,
        iq_score: null,
        scoring_version: 1,
        route: '',
        landing_variant: '',
      });
      const score = iq === null ? null : iq + (i % 2 ? 3 : -3);
      const outcome = { status: 'scored' as const, result: null, validity: '{}', iqScore: score };
      await repo.recordScore(id, outcome, null, now, { examId: 1799, country, iqShown: score });
      // A replayed scoring changes nothing, the aggregates included.
      await repo.recordScore(id, outcome, null, now, { examId: 1799, country, iqShown: score });
    }
  }

  it('records the visitor country from the trusted header, ignoring unknown markers', async () => {
    const fr = await startTest(t, { hl: 'fr', restart: true, headers: { 'cf-ipcountry': 'FR' } });
    const xx = await startTest(t, { restart: true, headers: { 'cf-ipcountry': 'XX' } });
    const bad = await startTest(t, { restart: true, headers: { 'cf-ipcountry': '<script>' } });
    const country = async (started: typeof fr) =>
      (
        await t.deps.db.kysely
          .selectFrom('exam_sessions')
          .select('country')
          .where('id', '=', started.sessionId)
          .executeTakeFirstOrThrow()
      ).country;
    expect(await country(fr)).toBe('FR');
    expect(await country(xx)).toBeNull();
    expect(await country(bad)).toBeNull();
  });

  it('counts scored sessions and lists a country only from the minimum sample, ranked by mean IQ', async () => {
    const empty = (await t.app.inject({ method: 'GET', url: '/api/exam/stats/1799' })).json().data;
    expect(empty).toMatchObject({ tested: 0, countries: [], minSample: 30 });
    await scored(30, 'JP', 104);
    await scored(31, 'DE', 101);
    await scored(29, 'BR', 110);
    await scored(5, null, 90);
    t.clock.advance(6 * 60_000); // past the 5-minute cache
    const stats = (await t.app.inject({ method: 'GET', url: '/api/exam/stats/1799' })).json().data;
    expect(stats.tested).toBe(95);
    expect(stats.last7Days).toBe(95);
    expect(stats.countries).toEqual([
      { country: 'JP', n: 30, meanIq: 104 },
      { country: 'DE', n: 31, meanIq: 101 },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/exam/stats/4242' })).statusCode).toBe(404);
  });

  it('counts a result below the range as tested, but not in the country n that the mean is taken over', async () => {
    // Issue 15: n and the mean describe the same people (those given a number).
    await scored(30, 'SE', 120, 'a');
    await scored(10, 'SE', null, 'b');
    t.clock.advance(6 * 60_000);
    const stats = (await t.app.inject({ method: 'GET', url: '/api/exam/stats/1799' })).json().data;
    expect(stats.tested).toBe(95 + 40);
    expect(stats.countries).toContainEqual({ country: 'SE', n: 30, meanIq: 120 });
  });

  it('ranks a person among those from their country shown a lower IQ, results below the range counted lower', async () => {
    const repo = examRepository(t.deps.db.kysely);
    // SE: 15 shown 117, 15 shown 123, 10 below the range.
    expect(await repo.countryRank(1799, 'SE', 123)).toEqual({ n: 40, below: 25 });
    expect(await repo.countryRank(1799, 'SE', 117)).toEqual({ n: 40, below: 10 });
    expect(await repo.countryRank(1799, 'NO', 117)).toEqual({ n: 0, below: 0 });
  });

  it('counts the last 7 days by the hour of scoring', async () => {
    t.clock.advance(8 * 86_400_000);
    await scored(2, 'FI', 100, 'c');
    t.clock.advance(6 * 60_000);
    const stats = (await t.app.inject({ method: 'GET', url: '/api/exam/stats/1799' })).json().data;
    expect(stats.tested).toBe(95 + 40 + 2);
    expect(stats.last7Days).toBe(2);
  });
});
