import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportToken } from './checkout-helpers';
import { type Leaning, personalityBuyer } from './personality-buyer';
import { colourCount, decodePng, differingShare, pixelAt } from './png-pixels';
import { createTestApp, dialects, type TestApp } from './test-app';

/** The opposite of the default INTJ person: E, S, F and P. */
const ESFP: Leaning = { EI: 1.4, SN: 0.9, TF: -1.2, JP: -1.5 };

const SHARE = '/api/exam/order/info/share';

describe.each(dialects())('sharing a personality profile, on %s', (dialect) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    // A built web shell of our own, so the shared page's HTML (and the head the server writes) can be fetched.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-share-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>x</title><meta name="description" content="English" /></head><body><div id="root"></div><noscript>English</noscript></body></html>',
    );
    t = await createTestApp(dialect, { env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const { post, get, takeTest, buy } = personalityBuyer(() => t);

  it('makes no link before the profile is paid for, and none for anyone but its owner', async () => {
    const unpaid = await takeTest();
    const early = await post(SHARE, { orderNumber: unpaid.orderNumber, showScore: false, hl: 'en' }, unpaid.cookies);
    expect([early.statusCode, early.json().code]).toEqual([402, 'REPORT_LOCKED']);

    const paid = await buy('sku1', 'en', 'owner@example.com');
    const stranger = await post(SHARE, { orderNumber: paid.orderNumber, showScore: false, hl: 'en' });
    expect([stranger.statusCode, stranger.json().code]).toEqual([403, 'REPORT_ACCESS_DENIED']);
    // Another browser's questionnaire cookie is not this order's.
    const other = await post(SHARE, { orderNumber: paid.orderNumber, showScore: false, hl: 'en' }, unpaid.cookies);
    expect(other.statusCode).toBe(403);
    // The owner's e-mailed link (its token) makes one, as the browser that took the test does.
    const token = await reportToken(t, paid.orderNumber);
    const byLink = await post(SHARE, { orderNumber: paid.orderNumber, token, showScore: false, hl: 'en' });
    expect(byLink.statusCode, byLink.body).toBe(200);
    // And only the owner stops it.
    const stop = { orderNumber: paid.orderNumber, shareId: byLink.json().data.shareId };
    expect((await post(`${SHARE}/revoke`, stop)).statusCode).toBe(403);
    expect((await get(`/api/exam/share/${stop.shareId}`)).statusCode).toBe(200);
  });

  it('shows the type, its family and what the owner chose, in the reader’s language; nothing after revoking', async () => {
    const { orderNumber, cookies, type } = await buy('sku2', 'fr', 'private-person@example.com');
    expect(type).toBe('INTJ');
    const made = await post(SHARE, { orderNumber, showScore: false, hl: 'fr' }, cookies);
    expect(made.statusCode, made.body).toBe(200);
    const link = made.json().data;
    expect(link.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The page opens in each reader's own language: no language in the link.
    expect(link.url).toBe(`http://mindgauge.test/report/share/IQB-1800?id=${link.shareId}`);

    const seen = await get(`/api/exam/share/${link.shareId}?hl=en`);
    expect(seen.statusCode, seen.body).toBe(200);
    const r = seen.json().data;
    expect(r).toMatchObject({
      kind: 'personality',
      examName: 'Personality test',
      classId: 'INTJ',
      className: 'The Long-Range Planner',
      iq: null,
      bound: null,
      personality: {
        type: 'INTJ',
        name: 'The Long-Range Planner',
        family: 'nt',
        familyName: 'The Questioners',
        axes: null,
      },
    });
    // Nothing of the order, the buyer or the paid profile: no e-mail, no order number, no strengths or work.
    const body = seen.body;
    expect(body).not.toContain('private-person');
    expect(body).not.toContain(orderNumber);
    const profile = (await get(`/api/exam/personality/profile/${orderNumber}?hl=en`, cookies)).json().data;
    for (const part of [profile.strengths, profile.blindSpots, profile.work, profile.growth]) {
      expect(body).not.toContain(part.slice(0, 40));
    }
    expect(Object.keys(r.personality).sort()).toEqual(['axes', 'family', 'familyName', 'name', 'portrait', 'type']);

    // In the reader's language.
    const ja = (await get(`/api/exam/share/${link.shareId}?hl=ja`)).json().data;
    expect(ja.personality.name).not.toBe(r.personality.name);
    expect(ja.examName).not.toBe('Personality test');

    // The leans only when the owner chose to show them: the letter's side and how far, as the profile says.
    const withLeans = (await post(SHARE, { orderNumber, showScore: true, hl: 'fr' }, cookies)).json().data;
    expect(withLeans.showScore).toBe(true);
    const leans = (await get(`/api/exam/share/${withLeans.shareId}?hl=en`)).json().data.personality.axes;
    expect(leans).toEqual(
      profile.axes.map((a: { axis: string; letter: string; leanPercent: number; borderline: boolean }) => ({
        axis: a.axis,
        letter: a.letter,
        leanPercent: a.leanPercent,
        borderline: a.borderline,
      })),
    );
    expect(leans.map((a: { letter: string }) => a.letter).join('')).toBe('INTJ');

    const list = (await get(`${SHARE}/list/${orderNumber}`, cookies)).json().data.links;
    expect(list.map((l: { shareId: string }) => l.shareId).sort()).toEqual([link.shareId, withLeans.shareId].sort());
    const revoked = await post(`${SHARE}/revoke`, { orderNumber, shareId: link.shareId }, cookies);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await get(`/api/exam/share/${link.shareId}`)).statusCode).toBe(404);
    expect((await get(`/api/exam/share/${link.shareId}/image.png`)).statusCode).toBe(404);
    const page = await get(`/report/share/IQB-1800?id=${link.shareId}`);
    expect(page.body).not.toContain('og:title');
    expect((await get(`/api/exam/share/${withLeans.shareId}`)).statusCode).toBe(200);
  });

  it('draws an Open Graph image of the type: 1200 × 630, drawn, its family colour, different per type', async () => {
    const intj = await buy('sku1', 'en', 'intj@example.com');
    const esfp = await buy('sku1', 'en', 'esfp@example.com', ESFP);
    expect(esfp.type).toBe('ESFP');
    const linkOf = async (o: typeof intj) =>
      (await post(SHARE, { orderNumber: o.orderNumber, showScore: false, hl: 'en' }, o.cookies)).json().data;
    const [a, b] = [await linkOf(intj), await linkOf(esfp)];
    const imageOf = async (url: string) => {
      const res = await get(url.replace('http://mindgauge.test', ''));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      return decodePng(res.rawPayload);
    };
    const [ia, ib] = [await imageOf(a.imageUrl), await imageOf(b.imageUrl)];
    expect([ia.width, ia.height]).toEqual([1200, 630]);
    // Not blank: text, the card and the emblem make many colours (anti-aliased edges).
    expect(colourCount(ia)).toBeGreaterThan(20);
    // The emblem's tile carries the family's soft colour (the same drawing as the web's emblem).
    expect(pixelAt(ia, 800, 280)).toBe('ece8fb');
    expect(pixelAt(ib, 800, 280)).toBe('fbede2');
    // Two types: two pictures (letters, name and emblem differ), on the same background.
    expect(differingShare(ia, ib)).toBeGreaterThan(0.02);
    expect(pixelAt(ia, 10, 10)).toBe(pixelAt(ib, 10, 10));
    // In another language, another picture of the same type (its name is translated).
    const de = await imageOf(`${a.imageUrl}?hl=de`);
    expect(differingShare(ia, de)).toBeGreaterThan(0);
  });

  it('writes the page’s Open Graph head in the page’s language, pointing to the image', async () => {
    const { orderNumber, cookies } = await buy('sku1', 'en', 'head@example.com');
    const link = (await post(SHARE, { orderNumber, showScore: false, hl: 'en' }, cookies)).json().data;
    const meta = (html: string, p: string) =>
      new RegExp(`<meta property="${p}" content="([^"]*)"`).exec(html)?.[1] ?? null;

    const en = (await get(`/report/share/IQB-1800?id=${link.shareId}&hl=en`)).body;
    expect(meta(en, 'og:title')).toBe('Personality test: INTJ · The Long-Range Planner');
    expect(meta(en, 'og:description')).toMatch(/^The Questioners\. /);
    expect(meta(en, 'og:image')).toBe(`http://mindgauge.test/api/exam/share/${link.shareId}/image.png?hl=en`);
    expect(en).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(en).not.toContain('head@example.com');

    const de = await get(`/report/share/IQB-1800?id=${link.shareId}&hl=de`);
    expect(de.statusCode).toBe(200);
    expect(de.body).toContain('<html lang="de"');
    const title = meta(de.body, 'og:title') ?? '';
    expect(title).toContain('INTJ');
    expect(title).not.toContain('The Long-Range Planner');
    expect(meta(de.body, 'og:image')).toContain('image.png?hl=de');
    // A reader whose browser asks for Korean (no language in the link) gets the head in Korean.
    const ko = await t.app.inject({
      method: 'GET',
      url: `/report/share/IQB-1800?id=${link.shareId}`,
      headers: { 'accept-language': 'ko-KR,ko;q=0.9' },
    });
    expect(ko.body).toContain('<html lang="ko"');
    expect(meta(ko.body, 'og:image')).toContain('image.png?hl=ko');
  });

  it('refuses bad input with a 4xx', async () => {
    expect((await get('/api/exam/share/not-an-id')).statusCode).toBe(400);
    expect((await get('/api/exam/share/AAAAAAAAAAAAAAAAAAAAAA/image.png?hl=zz')).statusCode).toBe(404);
    const { orderNumber, cookies } = await buy('sku1', 'en', 'bad@example.com');
    const res = await post(SHARE, { orderNumber, showScore: 'yes', hl: 'en' }, cookies);
    expect(res.statusCode).toBe(400);
  });
});
