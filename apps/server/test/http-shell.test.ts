import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

describe('security headers, health, and the web shell', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>x</title><meta name="description" content="English" /></head><body><div id="root"></div><noscript>English</noscript></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.mkdirSync(path.join(dist, 'prerendered', 'en'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'prerendered', 'pages.json'), JSON.stringify({ locales: ['en'], pages: {} }));
    fs.writeFileSync(path.join(dist, 'prerendered', 'en', 'index.html'), '<!doctype html><title>raw page</title>');
    t = await createTestApp('sqlite', { env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('JSON responses get the strictest policy: nothing may load or frame them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/exam/category/list' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
  });

  it('sends a strict CSP and the security headers on every page', async () => {
    for (const url of ['/', '/help/IQB-1799']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('reports health with the dialect', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ status: 'ok', dialect: 'sqlite' });
  });

  it('serves client routes with index.html in the visitor language and the public runtime config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/help/IQB-1799?hl=zh-TW' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<html lang="zh-HK"');
    const meta = /<meta name="mindgauge-config" content="([^"]+)">/.exec(res.body)?.[1];
    const config = JSON.parse((meta ?? '').replace(/&quot;/g, '"'));
    expect(config).toEqual({
      apiBase: '/api',
      payBase: '/api-pay',
      publicUrl: 'http://mindgauge.test',
      devMailbox: true,
      // No switch is on (development defaults): no test-mode banner.
      testMode: [],
      mode: 'standard',
      pixels: { ids: {} },
    });
    const byCookie = await t.app.inject({ method: 'GET', url: '/', cookies: { 'IQ-locale': 'ko' } });
    expect(byCookie.body).toContain('<html lang="ko"');
    // Before any script: the description and the no-script notice are in the page's language.
    expect(byCookie.body).toContain('<noscript>Mindgauge 테스트를 하려면 JavaScript를 켜 주세요.</noscript>');
    expect(byCookie.body).toMatch(/<meta name="description" content="Mindgauge: 추론력/);
    expect(res.body).toContain('<noscript>Mindgauge 需要啟用 JavaScript 才能進行測試。</noscript>');
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("never sends the build's templates as they are: without their configuration they are broken pages", async () => {
    for (const url of ['/prerendered/pages.json', '/prerendered/en/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('raw page');
    }
    const index = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.body).toContain('<meta name="mindgauge-config"');
  });

  it('sends the compressed file the build wrote beside an asset to a browser that accepts it', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/app-abc123.js' });
    expect(head.statusCode).toBe(200);
  });

  it('answers unknown pages and routes that fail validation with HTTP 404, still with the web app', async () => {
    for (const url of [
      '/nope/IQB-1799',
      '/help/XYZ-1799',
      '/help/iqb-1799',
      '/help/IQB',
      '/help/IQB-0',
      '/landing_page/purple/IQB-1799',
      '/protocol/cookies/IQB-1799',
      '/types/xntp/MBT-1800',
      '/help/IQB-1799/extra',
      '/assets/missing-123.js',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      // The body is still the app: it shows its translated not-found page.
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    for (const url of [
      '/',
      '/help/IQB-1799',
      '/help/IQB-1799/',
      '/HELP/IQB-1799',
      '/landing_page/test_center/IQB-1799?gclid=x',
      '/landing_page/types/MBT-1800',
      '/typesPage/IQB-1799',
      '/types/entp/MBT-1800',
      '/protocol/privacy/IQB-1799',
      '/retrieve_report/IQB-1799',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/help/XYZ-1799' });
    expect(head.statusCode).toBe(404);
  });

  it('keeps API 404s as JSON even with the web app on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    const post = await t.app.inject({ method: 'POST', url: '/anything', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});
