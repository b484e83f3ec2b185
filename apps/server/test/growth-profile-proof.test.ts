import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerPost, paidReadyOrder, post, readerCookie } from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

const DAY = 86_400_000;

describe.each(dialects())('the "about you" form and social proof on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { COUNTRY_HEADER: 'cf-ipcountry' } });
  });
  afterAll(() => t.close());

  const sessionOf = async (orderNumber: string) => (await readerCookie(t, orderNumber))['IQ-exam'];
  const profile = (over: { orderNumber: string } & Record<string, unknown>, hl = 'en') =>
    ownerPost(
      t,
      '/api/exam/session/profile',
      { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', normsConsent: false, ...over },
      { 'accept-language': hl },
    );
  const proof = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/exam/social-proof/1799' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const row = (sessionId: string) =>
    t.deps.db.kysely.selectFrom('session_profiles').selectAll().where('session_id', '=', sessionId).executeTakeFirst();

  it('shows no counters, notices or claims from an empty platform', async () => {
    const p = await proof();
    expect(p.counters).toEqual({ lastWeek: 0, last30Days: 0, allTime: 0 });
    expect(p.recent).toEqual([]);
    expect(p.claims).toEqual({ testedAtLeast: null, countries: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/exam/social-proof/4242' })).statusCode).toBe(404);
  });

  it('refuses bad input with a 4xx and a translated message, never a 500', async () => {
    const order = await paidReadyOrder(t);
    const sessionId = await sessionOf(order);
    const noName = await profile({ orderNumber: order, firstName: '   ' }, 'fr');
    expect(noName.statusCode).toBe(400);
    expect(noName.json().code).toBe('VALIDATION_FAILED');
    expect(noName.json().message).toBe(
      'Certaines des informations envoyées ne sont pas valides. Veuillez les vérifier et réessayer.',
    );
    expect(noName.json().issues).toContainEqual({ path: 'body.firstName', message: 'Please input name' });
    const badMail = await profile({ orderNumber: order, email: 'ada@' });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json().issues[0]).toMatchObject({
      path: 'body.email',
      message: 'Please input correct email address',
    });
    expect((await profile({ orderNumber: order, email: '' })).json().issues[0].message).toBe(
      'Please input email address',
    );
    expect((await profile({ orderNumber: order, firstName: '<b>Ada</b>' })).statusCode).toBe(400);
    expect((await profile({ orderNumber: order, country: 'france' })).statusCode).toBe(400);
    expect((await profile({ orderNumber: order, gender: 'other' })).statusCode).toBe(400);
    expect((await profile({ orderNumber: order, birthYear: 1850 })).statusCode).toBe(400);
    const future = await profile({ orderNumber: order, birthYear: new Date(t.clock.now()).getUTCFullYear() + 1 });
    expect(future.statusCode).toBe(400);
    expect(await row(sessionId)).toBeUndefined();
    // One completion: counted, but no notice (below the privacy minimum of three).
    t.clock.advance(2 * 60_000); // past the one-minute cache
    const p = await proof();
    expect(p.counters).toEqual({ lastWeek: 1, last30Days: 1, allTime: 1 });
    expect(p.recent).toEqual([]);
  });

  it('takes the form only from the browser that took the test', async () => {
    const order = await paidReadyOrder(t);
    const stranger = await post(t, '/api/exam/session/profile', {
      orderNumber: order,
      firstName: 'Eve',
      lastName: 'Stranger',
      email: 'eve@example.com',
      normsConsent: false,
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('ORDER_ACCESS_DENIED');
    const unknown = await post(t, '/api/exam/session/profile', {
      orderNumber: `MG${'A'.repeat(22)}`,
      firstName: 'Eve',
      lastName: 'Stranger',
      email: 'eve@example.com',
      normsConsent: false,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await row(await sessionOf(order))).toBeUndefined();
  });

  it('keeps birth year, gender and country only with consent, and names the certificate once', async () => {
    const order = await paidReadyOrder(t);
    const sessionId = await sessionOf(order);
    const withheld = await profile({ orderNumber: order, birthYear: 1990, gender: 'female', country: 'GB' });
    expect(withheld.statusCode, withheld.body).toBe(200);
    expect(withheld.json().data).toEqual({ saved: true, keptForNorms: false, certificateName: 'Ada Lovelace' });
    expect(await row(sessionId)).toMatchObject({
      first_name: 'Ada',
      birth_year: null,
      gender: null,
      country: null,
      norms_consent: 0,
      consented_at: null,
    });

    const consented = await profile({
      orderNumber: order,
      firstName: 'Augusta',
      birthYear: 1990,
      gender: 'female',
      country: 'GB',
      normsConsent: true,
    });
    expect(consented.statusCode, consented.body).toBe(200);
    // The certificate keeps the first name given (as the download screen does).
    expect(consented.json().data).toEqual({ saved: true, keptForNorms: true, certificateName: 'Ada Lovelace' });
    expect(await row(sessionId)).toMatchObject({
      first_name: 'Augusta',
      birth_year: 1990,
      gender: 'female',
      country: 'GB',
      norms_consent: 1,
      consented_at: t.clock.now(),
    });
    const certificate = await t.deps.db.kysely
      .selectFrom('exam_orders')
      .select('certificate_name')
      .where('order_number', '=', order)
      .executeTakeFirstOrThrow();
    expect(certificate.certificate_name).toBe('Ada Lovelace');
  });

  it('counts real completions by window, and shows recent notices only from the privacy minimum', async () => {
    t.clock.advance(2 * 60_000); // past the one-minute cache
    const before = await proof();
    // Three scored tests from the earlier cases (the minimum for notices); one named on the form with the
    // consent (its initial shows), one named without it (no initial).
    expect(before.counters).toEqual({ lastWeek: 3, last30Days: 3, allTime: 3 });
    expect(before.recent).toHaveLength(3);
    expect(before.recent.map((r: { initial: string | null }) => r.initial).sort()).toEqual(['A', null, null]);

    const fr = await paidReadyOrder(t, 'fr', { 'cf-ipcountry': 'FR' });
    await profile({ orderNumber: fr, firstName: 'élodie', lastName: 'Martin', normsConsent: true });
    t.clock.advance(12 * 60_000);
    const now = t.clock.now();
    // Older completions, written as the exam module stores them, outside the week and the 30 days.
    for (const [i, ago] of [8 * DAY, 40 * DAY, 41 * DAY].entries()) {
      await t.deps.db.kysely
        .insertInto('exam_sessions')
        .values({
          id: `old-completion-${i}`.padEnd(22, 'x'),
          exam_id: 1799,
          seed: 's',
          form_version: 1,
          scoring_key: '{"items":[]}',
          locale: 'en',
          status: 'scored',
          started_at: now - ago,
          deadline_at: now - ago,
          confirmed_at: now - ago,
          scored_at: now - ago,
          result: null,
          validity: null,
          country: 'JP',
          iq_score: 100,
          scoring_version: 1,
          route: '',
          landing_variant: '',
        })
        .execute();
    }
    const after = await proof();
    expect(after.counters).toEqual({ lastWeek: 4, last30Days: 5, allTime: 7 });
    expect(after.recent).toHaveLength(4);
    // The French taker finished last (12 minutes ago): her initial and country, never more of the form.
    expect(after.recent[0]).toEqual({ initial: 'É', country: 'FR', minutesAgo: 12 });
    expect(after.recent.every((r: { minutesAgo: number }) => r.minutesAgo >= 12)).toBe(true);
    expect(JSON.stringify(after)).not.toMatch(/Lovelace|Martin|élodie|ada@/);
    expect(after.claims).toEqual({ testedAtLeast: null, countries: null });
    // Minutes are counted per request from the cached completion times.
    t.clock.advance(30_000);
    expect((await proof()).recent[0].minutesAgo).toBe(12);
  });

  it('lets recent notices lapse once the completions are hours old', async () => {
    t.clock.advance(4 * 60 * 60_000);
    const p = await proof();
    expect(p.recent).toEqual([]);
    expect(p.counters.allTime).toBe(7);
  });
});
