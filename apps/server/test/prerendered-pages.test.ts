import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { TOKEN_NAME } from '@mindgauge/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * Decision 0035: the server sends the build's prerendered pages (a landing, the home page) in the request's
 * language, with the same per-request tags as the shell, and allows exactly their inline script and styles by
 * their hashes.
 */
describe('prerendered pages', () => {
  let t: TestApp;
  let dist: string;
  const script = '(()=>{addEventListener("click",()=>{},true)})();';
  const hash = `sha256-${createHash('sha256').update(script).digest('base64')}`;
  const style = ':root{--color-brand:#aa3377}';
  const styleHash = `sha256-${createHash('sha256').update(style).digest('base64')}`;
  const page = (locale: string) =>
    `<!doctype html><html lang="${locale}" dir="ltr" data-identity="girl"><head><script>${script}</script><style>${style}</style><title>Girl ${locale}</title><meta name="description" content="English" /></head><body><div id="root" data-prerendered="${locale}"><h1>Hello ${locale}</h1><p>${'A page worth compressing. '.repeat(60)}</p></div>\n    <noscript>English</noscript></body></html>`;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-prerendered-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>x</title><meta name="description" content="English" /></head><body><div id="root"></div><noscript>English</noscript></body></html>',
    );
    for (const locale of ['en', 'fr']) {
      fs.mkdirSync(path.join(dist, 'prerendered', locale), { recursive: true });
      fs.writeFileSync(path.join(dist, 'prerendered', locale, 'girlPage~IQB-1799.html'), page(locale));
    }
    fs.writeFileSync(
      path.join(dist, 'prerendered', 'pages.json'),
      JSON.stringify({
        locales: ['en', 'fr'],
        pages: { '/girlPage/IQB-1799': 'girlPage~IQB-1799' },
        // A malformed entry is ignored: only well-formed hashes reach the policy.
        scriptHashes: [hash, "sha256-x' 'unsafe-inline"],
        styleHashes: { 'girlPage~IQB-1799': [styleHash, "sha256-y' 'unsafe-inline"] },
      }),
    );
    t = await createTestApp('sqlite', {
      env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist, COUNTRY_HEADER: 'cf-ipcountry' },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const scriptSrc = (csp: unknown) => /script-src [^;]*/.exec(String(csp))?.[0];
  const styleSrc = (csp: unknown) => /style-src [^;]*/.exec(String(csp))?.[0];

  it('sends the page in the request language, with the config tag, and allows its inline script and style by hash only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/girlPage/IQB-1799?hl=fr&fbclid=x' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Hello fr</h1>');
    expect(res.body).toContain('<html lang="fr"');
    expect(res.body).toContain('name="mindgauge-config"');
    expect(res.body).toMatch(/<noscript>[^<]+<\/noscript>/);
    expect(res.body).not.toContain('<noscript>English</noscript>');
    expect(scriptSrc(res.headers['content-security-policy'])).toBe(`script-src 'self' '${hash}'`);
    expect(styleSrc(res.headers['content-security-policy'])).toBe(`style-src 'self' '${styleHash}'`);
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline');
  });

  it('sends the shell, with the plain policy, where no prerendered page applies', async () => {
    for (const url of [
      '/girlPage/IQB-1799?hl=ja', // a language the build did not render here
      '/girlPage/IQB-1799?hl=en&gift=AAAAAAAAAAAAAAAAAAAAAA', // the landing's loader keeps the gift code
      '/girlPage/IQB-1800?hl=en', // another exam
      '/help/IQB-1799?hl=en',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('data-prerendered');
      expect(scriptSrc(res.headers['content-security-policy']), url).toBe("script-src 'self'");
      expect(styleSrc(res.headers['content-security-policy']), url).toBe("style-src 'self'");
    }
    // The policy of a prerendered response does not leak into the next ones.
    await t.app.inject({ method: 'GET', url: '/girlPage/IQB-1799?hl=en' });
    const after = await t.app.inject({ method: 'GET', url: '/' });
    expect(scriptSrc(after.headers['content-security-policy'])).toBe("script-src 'self'");
    expect(styleSrc(after.headers['content-security-policy'])).toBe("style-src 'self'");
  });

  it('sends a page compressed once and kept: brotli, else gzip, else as it is; the same bytes each time', async () => {
    const url = '/girlPage/IQB-1799?hl=fr';
    const get = (acceptEncoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toContain('<h1>Hello fr</h1>');
    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect((await get('br')).rawPayload.equals(br.rawPayload)).toBe(true);
    // Each copy has its validator: a browser revalidating its copy of the unchanged page gets 304.
    expect(br.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    const revalidate = (target: string, etag: unknown) =>
      t.app.inject({ method: 'GET', url: target, headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) } });
    const unchanged = await revalidate(url, br.headers.etag);
    expect([unchanged.statusCode, unchanged.body, unchanged.headers.etag]).toEqual([304, '', br.headers.etag]);
    expect((await revalidate(url, `W/${br.headers.etag}, "other"`)).statusCode).toBe(304);
    expect((await revalidate(url, plain.headers.etag)).statusCode).toBe(200);
    expect((await revalidate('/girlPage/IQB-1799?hl=en', br.headers.etag)).statusCode).toBe(200);
    // A page that is not found stays not found, whatever the browser holds.
    const missing = await t.app.inject({ method: 'GET', url: '/nope/IQB-1799' });
    expect(missing.statusCode).toBe(404);
    expect((await revalidate('/nope/IQB-1799', missing.headers.etag)).statusCode).toBe(404);
    const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
    expect([head.statusCode, head.body]).toEqual([200, '']);
    // A page too small to gain from compression (the shell here) goes as it is.
    const shell = await t.app.inject({ method: 'GET', url: '/help/IQB-1799', headers: { 'accept-encoding': 'br' } });
    expect(shell.headers['content-encoding']).toBeUndefined();
    expect(shell.body).toContain('<div id="root">');
  });

  it("keeps a copy per language, sign-in state and continent: nobody is sent another visitor's page", async () => {
    const page = async (query: string, headers: Record<string, string> = {}, cookies?: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/girlPage/IQB-1799?${query}`,
        headers: { 'accept-encoding': 'br', ...headers },
        cookies,
      });
      expect(res.headers['content-encoding']).toBe('br');
      return zlib.brotliDecompressSync(res.rawPayload).toString();
    };
    const continent = (html: string) =>
      /name="mindgauge-visitor" content="([^"]+)"/.exec(html)?.[1]?.replace(/&quot;/g, '"');
    for (let round = 0; round < 2; round++) {
      expect(await page('hl=en')).toContain('<html lang="en" data-account="none"');
      expect(await page('hl=fr')).toContain('<html lang="fr" data-account="none"');
      expect(await page('hl=en', {}, { [TOKEN_NAME]: 'signed-in' })).toMatch(/<html lang="en" dir=/);
      expect(continent(await page('hl=en', { 'cf-ipcountry': 'FR' }))).toBe('{"continent":"EU"}');
      expect(continent(await page('hl=en', { 'cf-ipcountry': 'JP' }))).toBe('{"continent":"other"}');
      expect(continent(await page('hl=en'))).toBe('{"continent":"unknown"}');
      // The shell too (sent as it is here: too small to compress, kept all the same).
      for (const hl of ['en', 'fr', 'ja']) {
        const shell = await t.app.inject({
          method: 'GET',
          url: `/help/IQB-1799?hl=${hl}`,
          headers: { 'accept-encoding': 'br' },
        });
        expect(shell.body).toContain(`<html lang="${hl}"`);
      }
    }
  });
});
