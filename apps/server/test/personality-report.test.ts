import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALES } from '@mindgauge/contract';
import { PERSONALITY_ITEMS } from '@mindgauge/psychometrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTemplate } from '../src/modules/mail/templates';
import { buyTier, deliverMail, reportToken } from './checkout-helpers';
import { answerOf, PERSONALITY_COOKIE, personalityBuyer } from './personality-buyer';
import { createTestApp, dialects, type TestApp } from './test-app';

const COOKIE = PERSONALITY_COOKIE;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mindgauge-profile-pdf-'));
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });
const flat = (s: string) => s.replace(/\s+/g, '');

describe.each(dialects())('the paid personality report on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const { post, get, takeTest, buy } = personalityBuyer(() => t);

  const profileUrl = (order: string, q = '') => `/api/exam/personality/profile/${order}${q}`;

  it('sells its own tiers, priced like the IQ tiers of the same rank, never in IQ wording', async () => {
    const [p, iq, pJa] = await Promise.all([
      get('/api/exam/sku/list/1800/US/en'),
      get('/api/exam/sku/list/1799/US/en'),
      get('/api/exam/sku/list/1800/JP/ja'),
    ]);
    expect(p.statusCode, p.body).toBe(200);
    const skus = p.json().data.skus as { skuId: string; title: string; subtitle: string; features: unknown[] }[];
    expect(skus.map((s) => [s.skuId, s.title])).toEqual([
      ['sku1', 'Profile'],
      ['sku2', 'Full profile'],
    ]);
    const iqSkus = iq.json().data.skus as { price: unknown }[];
    expect(p.json().data.skus.map((s: { price: unknown }) => s.price)).toEqual(iqSkus.slice(0, 2).map((s) => s.price));
    expect(JSON.stringify(skus)).not.toMatch(/\bIQ\b|puzzle|certificate/i);
    const ja = pJa.json().data.skus as { title: string; price: { currency: string } }[];
    expect(ja.map((s) => s.title)).toEqual(['プロフィール', '完全プロフィール']);
    expect(ja[0]?.price.currency).toBe('JPY');
  });

  it('gives no profile before payment, and none to another browser', async () => {
    const { sessionId, orderNumber } = await takeTest();
    const before = await get(profileUrl(orderNumber), { [COOKIE]: sessionId });
    expect([before.statusCode, before.json().code]).toEqual([402, 'REPORT_LOCKED']);
    const paid = await buy('sku1');
    const stranger = await get(profileUrl(paid.orderNumber));
    expect([stranger.statusCode, stranger.json().code]).toEqual([403, 'REPORT_ACCESS_DENIED']);
    const wrongToken = await get(profileUrl(paid.orderNumber, '?token=nope'));
    expect(wrongToken.statusCode).toBe(403);
  });

  it('shows the first tier its part only: axes explained, strengths and blind spots, no depth, no PDF', async () => {
    const { orderNumber, cookies, type } = await buy('sku1');
    const res = await get(profileUrl(orderNumber), cookies);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({ orderNumber, skuId: 'sku1', tierTitle: 'Profile', type, pdf: false });
    expect(type).toBe('INTJ');
    expect(p.name).toBe('The Long-Range Planner');
    expect(p.strengths).toMatch(/^They tend to think in systems/);
    expect(p.blindSpots.length).toBeGreaterThan(40);
    expect([p.work, p.relationships, p.growth]).toEqual([null, null, null]);
    const ei = p.axes.find((a: { axis: string }) => a.axis === 'EI');
    expect(ei.letter).toBe('I');
    expect(ei.leanPercent).toBe(100 - ei.firstPolePercent);
    expect(ei.leanPercent).toBeGreaterThan(50);
    expect(ei.meaning).toContain('Introversion');
    expect(ei.meaning).toContain(`${ei.leanPercent}%`);
    expect(ei.meaning).toContain(`${ei.marginPercent} points`);
    // The reader's own answers behind the letter: each quoted statement is an EI statement whose answer pulled
    // toward I (or, under "against", toward E), quoted with the answer given on the agreement scale.
    const tr = (key: string) => t.deps.translator.t('en', key);
    const likert = ['stronglyDisagree', 'disagree', 'neutral', 'agree', 'stronglyAgree'];
    const pulls = PERSONALITY_ITEMS.flatMap((it, i) =>
      it.axis === 'EI'
        ? [
            {
              statement: tr(`personality:item.${it.id}`),
              answer: tr(`personality:likert.${likert[answerOf(i)]}`),
              pull: -it.keying * (answerOf(i) - 2),
            },
          ]
        : [],
    );
    expect(ei.toward.length).toBeGreaterThan(0);
    for (const q of ei.toward)
      expect(pulls.filter((x) => x.pull > 0)).toContainEqual({ ...q, pull: expect.any(Number) });
    for (const q of ei.against)
      expect(pulls.filter((x) => x.pull < 0)).toContainEqual({ ...q, pull: expect.any(Number) });
    const strongest = Math.max(...pulls.map((x) => x.pull));
    expect(pulls.find((x) => x.statement === ei.toward[0].statement)?.pull).toBe(strongest);
    // The nearest type flips the letter of the axis closest to its cut.
    const closest = [...p.axes].sort(
      (a: { firstPolePercent: number }, b: { firstPolePercent: number }) =>
        Math.abs(a.firstPolePercent - 50) - Math.abs(b.firstPolePercent - 50),
    )[0];
    const flip: Record<string, string> = { E: 'I', I: 'E', S: 'N', N: 'S', T: 'F', F: 'T', J: 'P', P: 'J' };
    expect(p.nearest.axis).toBe(closest.axis);
    expect(p.nearest.type).toBe(type.replace(closest.letter, flip[closest.letter] as string));
    expect(p.nearest.name).toBe(tr(`types:types.${p.nearest.type}.name`));
    expect(p.nearest.text).toContain(p.nearest.type);
  });

  it('shows the second tier everything, and the e-mailed link opens the personality page', async () => {
    const { orderNumber, cookies } = await buy('sku2', 'en', 'deep@example.com');
    const p = (await get(profileUrl(orderNumber), cookies)).json().data;
    expect(p).toMatchObject({ skuId: 'sku2', tierTitle: 'Full profile', pdf: true });
    expect(p.work).toMatch(/complex problems/);
    expect(p.relationships).toMatch(/loyal/);
    expect(p.growth).toMatch(/reasoning/);
    // The report e-mail names the personality tier and links to the personality report page.
    await deliverMail(t);
    const mail = await t.deps.db.kysely
      .selectFrom('mail_outbox')
      .select('payload')
      .where('dedupe_key', '=', `report-ready:${orderNumber}`)
      .executeTakeFirstOrThrow();
    const url = new URL(JSON.parse(mail.payload).reportUrl);
    expect(url.pathname).toMatch(/^\/personality\/report\/[^/]*1800$/);
    // The link's token opens the profile in any browser.
    const token = await reportToken(t, orderNumber);
    const viaLink = await get(profileUrl(orderNumber, `?token=${encodeURIComponent(token)}&hl=de`));
    expect(viaLink.statusCode, viaLink.body).toBe(200);
    expect(viaLink.json().data.tierTitle).toBe('Vollständiges Profil');
    expect(viaLink.json().data.axes[0].meaning).toMatch(/Ihre Antworten neigen/);
  });

  it('writes the profile in the order language (ja), and keeps the IQ and personality reports apart', async () => {
    const { orderNumber, cookies } = await buy('sku2', 'ja', 'ja@example.com');
    const p = (await get(profileUrl(orderNumber), cookies)).json().data;
    expect(p.locale).toBe('ja');
    expect(p.tierTitle).toBe('完全プロフィール');
    expect(p.strengths).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(p.axes[0].meaning).toMatch(/ポイント/);
    // The IQ report refuses the personality order; the profile refuses an IQ order.
    const asIq = await get(`/api/exam/order/info/${orderNumber}`, cookies);
    expect(asIq.statusCode).toBe(404);
    const iqOrder = await buyTier(t, 'sku2', 'iq@example.com');
    const iqRes = await get(profileUrl(iqOrder.order, `?token=${encodeURIComponent(iqOrder.token)}`));
    expect([iqRes.statusCode, iqRes.json().code]).toEqual([404, 'ORDER_NOT_FOUND']);
  });

  const download = (body: Record<string, unknown>, cookies: Record<string, string> = {}) =>
    post('/api/exam/order/file/down/info', body, cookies);

  it('gives the PDF only to the tier that includes it', async () => {
    const { orderNumber, cookies } = await buy('sku1');
    const res = await download({ orderNumber, kind: 'report' }, cookies);
    expect([res.statusCode, res.json().code]).toEqual([403, 'NOT_IN_TIER']);
  });

  // Every language on SQLite (fonts, scripts, the profile's texts); three on PostgreSQL, where only the order's
  // storage differs.
  const pdfLanguages = dialect === 'sqlite' ? LOCALES : (['en', 'ja', 'fr'] as const);
  for (const hl of pdfLanguages) {
    it(`${hl}: the profile PDF in the order language, its pages rendering, fonts embedded, the profile's text in it`, async () => {
      const { orderNumber, cookies } = await buy('sku2', hl, `pdf-${hl}@example.com`);
      const res = await download({ orderNumber, kind: 'report' }, cookies);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const file = path.join(dir, `${dialect}-${hl}.pdf`);
      fs.writeFileSync(file, res.rawPayload);
      const pages = Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', [file]))?.[1]);
      // Cover, axes, the answers behind each letter (two pages), nearest type with strengths, depth, what a
      // type is: each part fits its page, none spills onto pages of its own.
      expect(pages).toBe(7);
      run('pdftoppm', ['-r', '12', '-png', file, path.join(dir, `${dialect}-${hl}-page`)]);
      const pngs = fs.readdirSync(dir).filter((f) => f.startsWith(`${dialect}-${hl}-page`) && f.endsWith('.png'));
      expect(pngs).toHaveLength(pages);
      const fonts = run('pdffonts', [file]).split('\n').slice(2).filter(Boolean);
      expect(fonts.length).toBeGreaterThanOrEqual(1);
      for (const line of fonts) expect(line, line).toMatch(/\byes\s+yes\s+yes\b/);
      const profile = (await get(profileUrl(orderNumber), cookies)).json().data;
      expect(profile.locale).toBe(hl);
      const text = flat(run('pdftotext', [file, '-']));
      for (const part of [
        profile.name,
        profile.tierTitle,
        profile.strengths,
        profile.growth,
        profile.axes[0].meaning,
        profile.axes[0].toward[0].statement,
        profile.axes[3].toward[0].statement,
        profile.nearest.text,
      ]) {
        expect(text, part).toContain(flat(part));
      }
      expect(text).toContain(flat(t.deps.translator.t(hl, 'types:typePage.sections.relationships')));
    });
  }

  it('retrieval by e-mail lists the profile with its own tier title and a link to the profile page', async () => {
    const { orderNumber } = await buy('sku2', 'en', 'retrieve-me@example.com');
    const res = await post('/api-pay/exam/order/report/retrieve', { email: 'retrieve-me@example.com', hl: 'en' }, {});
    expect(res.json().data).toMatchObject({ sent: true, count: 1 });
    const mail = await t.deps.db.kysely
      .selectFrom('mail_outbox')
      .select('payload')
      .where('template', '=', 'reportList')
      .where('to_address', '=', 'retrieve-me@example.com')
      .executeTakeFirstOrThrow();
    const listed = JSON.parse(mail.payload).reports;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ orderNumber, skuId: 'sku2', examId: 1800 });
    // The mail names the personality tier, never the IQ tier of the same id.
    const rendered = renderTemplate(t.deps.translator, 'reportList', 'en', mail.payload, 'https://x.test');
    expect(rendered.text).toContain('Full profile');
    expect(rendered.text).not.toContain('Standard');
    const link = new URL(listed[0].url);
    expect(link.pathname).toMatch(/^\/personality\/report\//);
    const opened = await get(
      profileUrl(orderNumber, `?token=${encodeURIComponent(link.searchParams.get('token') ?? '')}`),
    );
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it("the personal centre lists the profile, and the buyer's account alone reads it", async () => {
    const { orderNumber } = await buy('sku1', 'en', 'centre@example.com');
    const mail = await t.deps.db.kysely
      .selectFrom('mail_outbox')
      .select('payload')
      .where('dedupe_key', '=', `report-ready:${orderNumber}`)
      .executeTakeFirstOrThrow();
    const token = new URL(JSON.parse(mail.payload).signInUrl).searchParams.get('link') ?? '';
    const signedIn = await post('/api/user/login/link', { token });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.name === 'IQ-token')?.value ?? '';
    const asUser = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: `IQ-token=${cookie}` } });
    const user = (await asUser('/api/user/get')).json().data.user;
    const list = await asUser(`/api/user/order/list/${user.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.orders).toEqual([
      expect.objectContaining({ orderNumber, examId: 1800, status: 'completed', skuId: 'sku1' }),
    ]);
    const profile = await asUser(profileUrl(orderNumber));
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data.orderNumber).toBe(orderNumber);
  });

  it('refuses bad input with a 4xx', async () => {
    expect((await get(profileUrl('nope'))).statusCode).toBe(400);
    const unknown = await get(profileUrl(`MG${'A'.repeat(22)}`));
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'ORDER_NOT_FOUND']);
    const { orderNumber, cookies } = await buy('sku1');
    expect((await get(profileUrl(orderNumber, '?hl=xx-bad-tag-!!'), cookies)).statusCode).toBe(400);
  });
});
