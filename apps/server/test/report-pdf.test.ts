import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALES, type Locale } from '@mindgauge/contract';
import * as fontkit from 'fontkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fontsFor } from '../src/modules/pdf/pdf-fonts';
import type { Block } from '../src/modules/pdf/report-document';
import { buyTier, paidReadyOrder, post } from './checkout-helpers';
import { analyticSheet, labTests, middleEqSheet, submitLab } from './lab-helpers';
import type { Answering } from './routed-taker';
import { createTestApp, type TestApp } from './test-app';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mindgauge-pdf-'));
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });

/** Every text a page model holds (to check each character has a glyph in the language's font). */
function texts(blocks: Block[]): string[] {
  return blocks.flatMap((b) => {
    switch (b.kind) {
      case 'title':
      case 'heading':
      case 'text':
        return [b.text];
      case 'big':
        return [b.value, b.label];
      case 'list':
        return b.items;
      case 'table':
        return [...b.head, ...b.rows.flat()];
      case 'curve':
        return [b.you, b.average, b.axis];
      case 'grid':
        return [...b.legend];
      case 'item':
        return [b.title, ...b.lines];
      case 'frame':
        return texts(b.blocks);
      case 'link':
        return [b.url];
      default:
        return [];
    }
  });
}

describe('the PDF report and the certificate, in every language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const paid = (hl: Locale, skuId = 'sku4') => buyTier(t, skuId, 'buyer@example.com', hl);

  const download = (body: Record<string, unknown>) => post(t, '/api/exam/order/file/down/info', body);

  for (const locale of LOCALES) {
    it(`${locale}: 21 A4 pages that all render, its text extractable, fonts embedded as subsets, every glyph present, small`, async () => {
      const { order, token } = await paid(locale);
      // Both lab questionnaires taken: their result pages are part of the text checked below.
      const lab = (await labTests(t, order, token)).json().data.tests;
      const brain = await submitLab(t, {
        orderNumber: order,
        token,
        testId: 'brain',
        answers: analyticSheet(lab[0].items),
      });
      const eq = await submitLab(t, { orderNumber: order, token, testId: 'eq', answers: middleEqSheet(lab[1].items) });
      expect([brain.json().data.valid, eq.json().data.valid]).toEqual([true, true]);
      const res = await download({ orderNumber: order, kind: 'report', token });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${order}.pdf"`);
      const file = path.join(dir, `${locale}.pdf`);
      fs.writeFileSync(file, res.rawPayload);
      expect(res.rawPayload.length).toBeLessThan(400 * 1024);
      // PDF_KEEP_DIR=/some/dir keeps the nine reports, to look at them.
      if (process.env.PDF_KEEP_DIR) fs.copyFileSync(file, path.join(process.env.PDF_KEEP_DIR, `${locale}.pdf`));

      const info = run('pdfinfo', [file]);
      expect(info).toMatch(/Pages:\s+21\n/);
      expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
      run('pdftoppm', ['-r', '12', '-png', file, path.join(dir, `${locale}-page`)]);
      expect(fs.readdirSync(dir).filter((f) => f.startsWith(`${locale}-page`) && f.endsWith('.png'))).toHaveLength(21);

      const fonts = run('pdffonts', [file]).split('\n').slice(2).filter(Boolean);
      expect(fonts.length).toBeGreaterThanOrEqual(2);
      for (const line of fonts) {
        expect(line, line).toMatch(/^[A-Z]{6}\+/);
        expect(line, line).toMatch(/\byes\s+yes\s+yes\b/);
      }

      const model = await t.files.reportDocument(order, { token });
      const text = run('pdftotext', ['-layout', file, '-']);
      const flat = (s: string) => s.replace(/\s+/g, '');
      for (const key of [
        'pdf:cover.title',
        'pdf:training.title',
        'pdf:about.title',
        'pdf:certificate.title',
        'lab:brain.profile.analytic',
        `lab:eq.profile.${eq.json().data.profile}`,
        'lab:eq.scale.socialAwareness',
      ]) {
        expect(flat(text), key).toContain(flat(t.deps.translator.t(locale, key)));
      }
      // The same score as the API's report.
      const api = (await t.app.inject({ method: 'GET', url: `/api/exam/order/info/${order}?token=${token}` })).json()
        .data.result;
      expect(text).toContain(String(api.iq));
      expect(flat(text)).toContain(
        flat(t.deps.translator.t(locale, 'report:range', { low: api.rangeLow, high: api.rangeHigh })),
      );

      // No character is drawn as a missing-glyph box: the language's fonts have every one of them.
      const { files } = fontsFor(locale);
      for (const f of files) {
        const font = fontkit.openSync(f) as fontkit.Font;
        const missing = new Set<string>();
        for (const s of model.pages.flatMap((p) => texts(p.blocks)).concat(model.footer(1, 21))) {
          for (const ch of s) if (!/\s/.test(ch) && !font.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0)) missing.add(ch);
        }
        expect([...missing], `${locale} ${path.basename(f)}`).toEqual([]);
      }
    });
  }

  /**
   * Each page's text and its size in points: one pdftotext (pages end with a form feed) and one pdfinfo over
   * the page range, not two programs per page.
   */
  const pagesOf = (file: string) => {
    const texts = run('pdftotext', ['-layout', file, '-']).split('\f').slice(0, 21);
    const sizes = [
      ...run('pdfinfo', ['-f', '1', '-l', '21', file]).matchAll(/Page\s+(\d+) size:\s+([\d.]+ x [\d.]+)/g),
    ];
    return texts.map((text, i) => ({ text, size: sizes.find((m) => Number(m[1]) === i + 1)?.[2] }));
  };
  /** How much a page says: words, or for Japanese (no spaces between words) characters over three. */
  const amount = (locale: Locale, text: string) =>
    locale === 'ja' ? text.replace(/\s+/g, '').length / 3 : text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;

  for (const [locale, skuId] of [
    ['en', 'sku4'],
    ['ja', 'sku4'],
    ['en', 'sku2'],
    ['ja', 'sku2'],
  ] as const) {
    it(`${locale} ${skuId}: every page carries content worth printing, no web wording, the certificate in landscape`, async () => {
      const { order, token } = await paid(locale, skuId);
      const res = await download({ orderNumber: order, kind: 'report', token });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const file = path.join(dir, `${locale}-${skuId}-content.pdf`);
      fs.writeFileSync(file, res.rawPayload);
      expect(run('pdfinfo', [file])).toMatch(/Pages:\s+21\n/);
      const pages = pagesOf(file);
      const tr = (key: string) => t.deps.translator.t(locale, key);
      const certTitle = tr('pdf:certificate.title');
      const landscape = pages.flatMap((p, i) => (p.size === '841.89 x 595.28' ? [i] : []));
      if (skuId === 'sku4') {
        // One landscape page, and it is the certificate.
        expect(landscape).toHaveLength(1);
        expect(pages[landscape[0] ?? 0]?.text).toContain(certTitle);
      } else {
        expect(landscape).toEqual([]);
      }
      for (const [i, p] of pages.entries()) {
        if (landscape.includes(i)) continue;
        expect(p.size, `page ${i + 1}`).toBe('595.28 x 841.89');
        expect(amount(locale, p.text), `page ${i + 1} of ${locale} ${skuId}:\n${p.text}`).toBeGreaterThanOrEqual(50);
      }
      // Words of the web (what to click, what is on the site) are not printed.
      const flat = (x: string) => x.replace(/\s+/g, '');
      const all = flat(pages.map((p) => p.text).join('\n'));
      const webLead = tr('report:wrong.lead').split(/[.。]/)[1]?.trim() ?? 'missing';
      for (const web of [webLead, tr('pdf:lab.how'), tr('pdf:lab.addOn'), tr('pdf:certificate.notIncluded')]) {
        expect(all, web).not.toContain(flat(web));
      }
      expect(all).not.toMatch(/Choose a question|問題を選ぶ/);
      // The analysis draws more questions when the optional sections leave their pages to it (sku2: six pages).
      const drawn = pages.filter((p) => p.text.includes(tr('pdf:analysis.continued'))).length;
      expect(drawn).toBe(skuId === 'sku2' ? 6 : 5);
    });
  }

  it('below the range: the certificate says so, with the bound, and claims no score', async () => {
    const struggling: Answering = {
      choice: (i, k) => (k.answerIndex + 1 + (i % 5)) % 6,
      timeMs: (i) => 30_000 + i * 900,
    };
    const { order, token } = await buyTier(t, 'sku3', 'low@example.com', 'de', struggling);
    const res = await download({ orderNumber: order, kind: 'certificate', name: 'Grete Muster', token });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const file = path.join(dir, 'certificate-below.pdf');
    fs.writeFileSync(file, res.rawPayload);
    expect(run('pdfinfo', [file])).toMatch(/Page size:\s+841\.89 x 595\.28 pts/);
    const text = run('pdftotext', [file, '-']).replace(/\s+/g, ' ');
    const tr = (key: string, o?: Record<string, unknown>) => t.deps.translator.t('de', key, o);
    const bound = (await t.app.inject({ method: 'GET', url: `/api/exam/order/info/${order}?token=${token}` })).json()
      .data.result.bound;
    expect(text).toContain('Grete Muster');
    expect(text).toContain(tr('pdf:below.headline', { bound }));
    expect(text).toContain(tr('print:certificate.completed'));
    expect(text).not.toContain(tr('pdf:certificate.achieved'));
  });

  it('the certificate: the name asked once, its serial and a verification page with its facts', async () => {
    const { order, token } = await paid('en', 'sku3');
    const first = await download({ orderNumber: order, kind: 'certificate', name: 'Ada Lovelace', token });
    expect(first.statusCode, first.body.slice(0, 300)).toBe(200);
    const file = path.join(dir, 'certificate.pdf');
    fs.writeFileSync(file, first.rawPayload);
    const info = run('pdfinfo', [file]);
    expect(info).toMatch(/Pages:\s+1\n/);
    // A framed certificate to print: A4 landscape.
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.28 pts/);
    const text = run('pdftotext', [file, '-']);
    expect(text).toContain('IQ certificate');
    expect(text).toContain('This certifies that');
    expect(text).toContain('Ada Lovelace');
    const serial = /MGC(-[0-9A-HJKMNP-TV-Z]{4}){7}/.exec(text)?.[0] ?? '';
    expect(serial).not.toBe('');
    expect(text.replace(/\s+/g, '')).toContain(`/certificate/IQB-1799?serial=${serial}`);
    // The first name stays.
    const again = await download({ orderNumber: order, kind: 'certificate', name: 'Someone Else', token });
    fs.writeFileSync(file, again.rawPayload);
    expect(run('pdftotext', [file, '-'])).toContain('Ada Lovelace');

    const facts = await t.app.inject({ method: 'GET', url: `/api/exam/certificate/${serial}` });
    expect(facts.json().data).toMatchObject({ serial, name: 'Ada Lovelace' });
    const report = await t.app.inject({ method: 'GET', url: `/api/exam/order/info/${order}?token=${token}` });
    expect(facts.json().data.iq).toBe(report.json().data.result.iq);
    // Typed as people do: lower case, no hyphens, O for 0 and I for 1.
    const typed = serial.toLowerCase().replaceAll('-', '').replaceAll('0', 'o').replaceAll('1', 'i');
    const byTyped = await t.app.inject({ method: 'GET', url: `/api/exam/certificate/${typed}` });
    expect(byTyped.json().data).toMatchObject({ serial, name: 'Ada Lovelace' });
    // One wrong character: the check character catches it.
    const wrong = serial.slice(0, -2) + (serial.at(-2) === 'A' ? 'B' : 'A') + serial.at(-1);
    expect((await t.app.inject({ method: 'GET', url: `/api/exam/certificate/${wrong}` })).statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/exam/certificate/MG-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA`,
    });
    expect(unknown.statusCode).toBe(404);
    // A serial issued before the readable form still verifies.
    const legacy = 'MG-ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567';
    await t.deps.db.kysely
      .updateTable('exam_orders')
      .set({ certificate_serial: legacy })
      .where('order_number', '=', order)
      .execute();
    const old = await t.app.inject({ method: 'GET', url: `/api/exam/certificate/${legacy.toLowerCase()}` });
    expect(old.json().data).toMatchObject({ serial: legacy, name: 'Ada Lovelace' });
  });

  it('gives no file without access, below the tier, or before payment', async () => {
    const { order } = await paid('en', 'sku2');
    expect((await download({ orderNumber: order, kind: 'report' })).statusCode).toBe(403);
    const basic = await paid('en', 'sku1');
    const below = await download({ orderNumber: basic.order, kind: 'report', token: basic.token });
    expect(below.statusCode).toBe(403);
    expect(below.json().code).toBe('NOT_IN_TIER');
    const noCert = await download({ orderNumber: order, kind: 'certificate', name: 'X' });
    expect(noCert.statusCode).toBe(403);
    const unpaid = await paidReadyOrder(t);
    expect((await download({ orderNumber: unpaid, kind: 'report' })).statusCode).toBe(402);
  });
});
