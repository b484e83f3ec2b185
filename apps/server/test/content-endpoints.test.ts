import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from './test-app';

describe.each(dialects())('app endpoints on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('lists the nine languages of the IQ test with their regions', async () => {
    const res = await get('/api/app/language/list/1799');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result).toBe(200);
    expect(body.data.map((l: { hl: string }) => l.hl)).toEqual([
      'en',
      'zh-CN',
      'zh-HK',
      'ja',
      'ko',
      'fr',
      'de',
      'es',
      'pt',
    ]);
    expect(body.data.find((l: { hl: string }) => l.hl === 'ko').region).toBe('KR');
    expect(body.data.find((l: { hl: string }) => l.hl === 'ja').name).toBe('日本語');
  });

  it('returns the terms and privacy policy in the requested language; zh-TW reads zh-HK', async () => {
    const list = (await get('/api/app/protocol/list/1799/fr')).json();
    expect(list.data.map((p: { kind: string }) => p.kind).sort()).toEqual(['privacy', 'terms']);
    const terms = list.data.find((p: { kind: string }) => p.kind === 'terms');
    expect(terms.title).toBe('Conditions d’utilisation'.length > 0 ? terms.title : '');
    expect(terms.title).not.toBe('Terms of service');

    const both = (await get('/api/app/protocol/getPrivacyAndAgreement/1799/zh-TW')).json();
    const hk = (await get(`/api/app/protocol/info/${both.data.privacy.id}?hl=zh-HK`)).json();
    expect(both.data.privacy.title).toBe(hk.data.title);
    expect(hk.data.hl).toBe('zh-HK');
    expect(hk.data.body.length).toBeGreaterThan(500);
    expect(hk.data.version).toBe('1.0');

    const viaHeader = (await get(`/api/app/protocol/info/${terms.id}`, { language: 'de' })).json();
    expect(viaHeader.data.hl).toBe('de');
  });

  it('serves the help centre: four sections, articles, and their detail with related articles', async () => {
    const list = (await get('/api/app/help/list/1799/en')).json();
    expect(list.data.sections.map((s: { key: string }) => s.key)).toEqual([
      'subscription',
      'billing',
      'legal',
      'contact',
    ]);
    const cancel = list.data.sections[0].articles.find((a: { slug: string }) => a.slug === 'cancel-subscription');
    expect(cancel.title).toBe('How to cancel a plan');

    const detail = (await get(`/api/app/help/info/${cancel.id}?hl=ja`)).json();
    expect(detail.data.hl).toBe('ja');
    expect(detail.data.section).toBe('subscription');
    expect(detail.data.title).not.toBe('How to cancel a plan');
    expect(detail.data.body).toContain('(route:cancelSubscription)');
    expect(detail.data.related.length).toBeGreaterThan(0);
    expect(detail.data.related.every((r: { id: number }) => r.id !== cancel.id)).toBe(true);
  });

  it('lists exam categories and exam details in the request language', async () => {
    const cats = (await get('/api/exam/category/list?hl=ko')).json();
    expect(cats.data.map((c: { key: string }) => c.key)).toEqual(['intelligence', 'personality']);
    const iq = cats.data[0].exams[0];
    expect(iq).toMatchObject({ id: 1799, code: 'IQB', kind: 'iq', questionCount: 30, optionCount: 6, parts: 3 });
    expect(iq.name).not.toBe('Mindgauge IQ test');

    const info = (await get('/api/exam/info/1799')).json();
    expect(info.data.languages).toHaveLength(9);
    expect(info.data.description).toContain('3 × 3');
    // The engine's classification, translated: seven classes whose shares cover the whole population.
    expect(info.data.classes.map((c: { id: string }) => c.id)).toEqual([
      'genius',
      'very-superior',
      'superior',
      'normal',
      'dullness',
      'borderline',
      'below-70',
    ]);
    expect(info.data.classes[0]).toMatchObject({ name: 'Genius or near genius', min: 145, max: null });
    const total = info.data.classes.reduce((n: number, c: { share: number }) => n + c.share, 0);
    expect(total).toBeCloseTo(1, 3);
    const ja = (await get('/api/exam/info/1799?hl=ja')).json();
    expect(ja.data.classes[0].name).not.toBe('Genius or near genius');
    expect((await get('/api/exam/info/1800')).json().data.classes).toEqual([]);
    // The answers are kept per language: asking again in another one never gets the first one's words.
    const en = (await get('/api/exam/info/1799?hl=en')).json();
    expect(en.data.classes[0].name).toBe('Genius or near genius');
    expect((await get('/api/exam/info/1799?hl=ja')).json()).toEqual(ja);
    const catsEn = (await get('/api/exam/category/list?hl=en')).json();
    expect(catsEn.data[0].exams[0].name).not.toBe(iq.name);
    expect((await get('/api/exam/category/list?hl=ko')).json()).toEqual(cats);
  });

  it('answers unknown exams, articles and documents with a 404 and a stable code', async () => {
    for (const [url, code] of [
      ['/api/app/language/list/4242', 'EXAM_NOT_FOUND'],
      ['/api/app/help/list/4242/en', 'EXAM_NOT_FOUND'],
      ['/api/app/help/info/999999', 'ARTICLE_NOT_FOUND'],
      ['/api/app/protocol/info/999999', 'PROTOCOL_NOT_FOUND'],
      ['/api/exam/info/4242', 'EXAM_NOT_FOUND'],
    ] as const) {
      // Twice: a failed lookup is not kept.
      expect((await get(url)).statusCode, url).toBe(404);
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code, result: expect.any(Number) });
      expect(res.json().result).not.toBe(200);
    }
  });

  it('records page views and issues unguessable log ids', async () => {
    const a = (
      await t.app.inject({ method: 'POST', url: '/api/app/v2/generate/logid', payload: { appExamId: 1799 } })
    ).json();
    const b = (
      await t.app.inject({ method: 'POST', url: '/api/app/v2/generate/logid', payload: { appExamId: 1799 } })
    ).json();
    expect(a.data.logid).toMatch(/^[a-f0-9]{32}$/);
    expect(a.data.logid).not.toBe(b.data.logid);

    const view = await get('/api/app/v2/view?dl=%2Fhelp%2FIQB-1799&av=1.0.0&hl=fr&eid=1799&aeid=1799', {
      logid: a.data.logid,
    });
    expect(view.json()).toEqual({ result: 200, data: { recorded: true } });
    const rows = await t.deps.db.kysely.selectFrom('page_views').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ url: '/help/IQB-1799', hl: 'fr', exam_id: 1799, logid: a.data.logid });
  });

  it('seeding twice changes nothing', async () => {
    const { seedContent } = await import('../src/modules/content/content-seed-repository');
    const before = await t.deps.db.kysely
      .selectFrom('help_article_translations')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await seedContent(t.deps.db.kysely, t.deps.translator, t.clock.now());
    const after = await t.deps.db.kysely
      .selectFrom('help_article_translations')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(Number(after.n)).toBe(2 * 12 * 9);
  });
});
