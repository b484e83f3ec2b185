import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOfSession, ROUTED_FORM_VERSION } from '../src/modules/exam/exam-form';
import { type PdfKeyParts, pdfCache } from '../src/modules/pdf/pdf-cache';
import { pdfCacheRepository } from '../src/modules/pdf/pdf-cache-repository';
import { renderPool } from '../src/modules/pdf/render-pool';
import type { ReportDocument } from '../src/modules/pdf/report-document';
import { buyTier, ownerPost, post } from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

/** Issue 14: a report PDF is drawn once per key on a worker thread, kept, and forgotten when an extra is bought. */
const pdfText = (bytes: Buffer): string => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mg-pdf-cache-')), 'f.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
};

const parts = (orderNumber: string, kind: PdfKeyParts['kind'] = 'report', locale = 'en'): PdfKeyParts => ({
  kind,
  orderNumber,
  entitlements: ['pdfReport', 'score'],
  locale,
  scoringVersion: 2,
  certificate: { serial: null, name: null, issuedAt: null },
  lab: null,
});

/** A render that the test finishes by hand, counting how many run at once. */
function gatedRenders() {
  let running = 0;
  let peak = 0;
  let calls = 0;
  const gates: (() => void)[] = [];
  return {
    render: (bytes: string) => async () => {
      calls++;
      running++;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => gates.push(resolve));
      running--;
      return Buffer.from(bytes);
    },
    /** Lets every render waiting now finish; resolves once one of them was waiting. */
    async release(): Promise<void> {
      while (gates.length === 0) await new Promise((r) => setImmediate(r));
      for (const g of gates.splice(0)) g();
    },
    stats: () => ({ calls, peak }),
  };
}

describe.each(dialects())('kept report PDFs on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const kept = (order: string) =>
    t.deps.db.kysely
      .selectFrom('report_pdf_cache')
      .select(['cache_key', 'bytes'])
      .where('order_number', '=', order)
      .execute();
  const cacheWith = (maxBytes: number) =>
    pdfCache({ repo: pdfCacheRepository(t.deps.db.kysely), clock: t.clock, maxBytes, serverSrc: 'nowhere' });

  it('the second download is the kept file; buying an extra forgets it and the next file shows the extra', async () => {
    const { order, token } = await buyTier(t, 'sku2', 'kept@example.com');
    const download = () => post(t, '/api/exam/order/file/down/info', { orderNumber: order, token, kind: 'report' });
    const first = await download();
    expect([first.statusCode, first.headers['content-type']]).toEqual([200, 'application/pdf']);
    const rows = await kept(order);
    expect(rows).toHaveLength(1);
    expect(Buffer.compare(Buffer.from(rows[0]?.bytes ?? []), first.rawPayload)).toBe(0);
    // Marks the kept bytes: a second download that rendered again would not carry the mark.
    const marked = Buffer.concat([first.rawPayload, Buffer.from('\n%kept-copy\n')]);
    await t.deps.db.kysely
      .updateTable('report_pdf_cache')
      .set({ bytes: marked })
      .where('cache_key', '=', rows[0]?.cache_key ?? '')
      .execute();
    const second = await download();
    expect(second.rawPayload.subarray(-12).toString()).toBe('\n%kept-copy\n');
    expect(pdfText(first.rawPayload)).not.toMatch(/MGC(-[0-9A-HJKMNP-TV-Z]{4}){7}/);

    // The certificate, bought as an extra with one click on the kept card: the order's files are forgotten.
    const bought = await ownerPost(t, '/api-pay/secondPhase/pay/skuPackage', {
      orderNumber: order,
      packageId: 'assessmentShares',
      token,
      hl: 'en',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await kept(order)).toHaveLength(0);
    const third = await download();
    expect(third.statusCode).toBe(200);
    expect(third.rawPayload.includes('%kept-copy')).toBe(false);
    // The report now names its certificate (its serial), drawn from the new entitlements.
    expect(pdfText(third.rawPayload)).toMatch(/MGC(-[0-9A-HJKMNP-TV-Z]{4}){7}/);
    expect(await kept(order)).toHaveLength(1);
  });

  it('concurrent requests for one file share one render; one order renders one file at a time', async () => {
    const cache = cacheWith(10_000_000);
    const gate = gatedRenders();
    const same = Array.from({ length: 5 }, () => cache.get(parts('MG-SAME'), gate.render('report-bytes')));
    const other = cache.get(parts('MG-SAME', 'certificate'), gate.render('certificate-bytes'));
    await gate.release();
    await gate.release();
    const got = await Promise.all(same);
    for (const b of got) expect(b.toString()).toBe('report-bytes');
    expect((await other).toString()).toBe('certificate-bytes');
    expect(gate.stats()).toEqual({ calls: 2, peak: 1 });
    // Both kept: no render the next time.
    const again = await cache.get(parts('MG-SAME'), gate.render('never'));
    expect(again.toString()).toBe('report-bytes');
    expect(gate.stats().calls).toBe(2);
  });

  it('a failed render keeps nothing and the next request renders again; the cache stays within its bound', async () => {
    const cache = cacheWith(250);
    await expect(
      cache.get(parts('MG-FAIL'), async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await kept('MG-FAIL')).toHaveLength(0);
    expect((await cache.get(parts('MG-FAIL'), async () => Buffer.from('ok'))).toString()).toBe('ok');

    for (const n of [1, 2, 3]) {
      await cache.get(parts(`MG-BOUND-${n}`), async () => Buffer.alloc(100, n));
      t.clock.advance(1000);
    }
    // 300 bytes against a bound of 250 (with MG-FAIL's 2): the oldest file went.
    expect(await kept('MG-BOUND-1')).toHaveLength(0);
    expect(await kept('MG-BOUND-2')).toHaveLength(1);
    expect(await kept('MG-BOUND-3')).toHaveLength(1);
  });
});

describe('the render pool', () => {
  const model = (title: string): ReportDocument => ({
    locale: 'en',
    title,
    subject: 'pool',
    footer: (page, pages) => `page ${page} of ${pages}`,
    pages: [{ blocks: [{ kind: 'title', text: title }] }, { blocks: [{ kind: 'text', text: 'second' }] }],
  });

  it('draws real PDFs on worker threads, more at once than it has workers, each with its own pages', async () => {
    const pool = renderPool(2);
    try {
      const pdfs = await Promise.all(['Alpha', 'Beta', 'Gamma', 'Delta'].map((name) => pool.render(model(name))));
      pdfs.forEach((pdf, i) => {
        const text = pdfText(pdf);
        expect(text).toContain(['Alpha', 'Beta', 'Gamma', 'Delta'][i]);
        expect(text).toContain('page 2 of 2');
      });
      // A model built lazily, when a worker is free: its failure fails that job only.
      await expect(
        pool.render(async () => {
          throw new Error('no model');
        }),
      ).rejects.toThrow('no model');
      expect(pdfText(await pool.render(async () => model('Epsilon')))).toContain('Epsilon');
      // The form drawn again on the worker is the form the server would draw (deterministic from its seed).
      const stored = { seed: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', form_version: ROUTED_FORM_VERSION, route: '20' };
      let drawn: unknown;
      await pool.render(async (tools) => {
        drawn = await tools.drawForm(stored);
        return model('Zeta');
      });
      expect(drawn).toEqual(formOfSession(stored));
    } finally {
      await pool.close();
    }
    await expect(pool.render(model('late'))).rejects.toThrow('closed');
  });
});
