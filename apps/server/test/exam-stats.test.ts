import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTest } from './exam-session';
import { createTestApp, dialects, type TestApp } from './test-app';

describe.each(dialects())('exam statistics from the platform records on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { COUNTRY_HEADER: 'cf-ipcountry', MIN_COUNTRY_SAMPLE: '30' } });
  });
  afterAll(() => t.close());

  async function scored(n: number, country: string | null, iq: number) {
    const now = t.clock.now();
    for (let i = 0; i < n; i++) {
      await t.deps.db.kysely
        .insertInto('exam_sessions')
        .values({
          id: `${country ?? 'none'}-${iq}-${i}`.padEnd(22, 'x'),
          exam_id: 1799,
          seed: 's',
          form_version: 1,
          scoring_key: '{"items":[]}',
          locale: 'en',
          status: 'scored',
          started_at: now,
          deadline_at: now,
          confirmed_at: now,
          scored_at: now,
          result: null,
          validity: null,
          country,
          iq_score: iq + (i % 2 ? 3 : -3),
          scoring_version: 1,
          route: '',
        })
        .execute();
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
});
