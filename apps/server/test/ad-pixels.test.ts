import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env';
import { createTestApp, type TestApp } from './test-app';

/** The page's CSP directives, by name. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

const metaOf = (html: string, name: string) => {
  const raw = new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(html)?.[1] ?? '';
  return JSON.parse(raw.replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
};

describe('ad pixels: configuration, CSP and the visitor continent', () => {
  let dist: string;
  const apps: TestApp[] = [];
  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head></head><body></body></html>');
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const start = async (env: Record<string, string>) => {
    const t = await createTestApp('sqlite', { env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist, ...env } });
    apps.push(t);
    return t;
  };

  it('allows no provider host at all when no pixel is configured', async () => {
    const t = await start({});
    const res = await t.app.inject({ method: 'GET', url: '/landing_page/test_center/IQB-1799' });
    const csp = String(res.headers['content-security-policy']);
    for (const host of ['facebook', 'tiktok', 'google', 'snapchat', 'sc-static', 'bing', 'pinimg', 'pinterest'])
      expect(csp).not.toContain(host);
    expect(metaOf(res.body, 'mindgauge-config').pixels).toEqual({ ids: {} });
  });

  it('allows exactly the configured providers’ hosts, and gives the browser their public ids', async () => {
    const t = await start({ PIXEL_META_ID: '1234567890', PIXEL_PINTEREST_ID: '2612345678901' });
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const d = directives(String(res.headers['content-security-policy']));
    expect(d['script-src']).toEqual(["'self'", 'https://connect.facebook.net', 'https://s.pinimg.com']);
    expect(d['connect-src']).toEqual(expect.arrayContaining(['https://www.facebook.com', 'https://ct.pinterest.com']));
    expect(d['img-src']).toEqual(expect.arrayContaining(['https://www.facebook.com', 'https://ct.pinterest.com']));
    const all = Object.values(d).flat().join(' ');
    for (const host of ['tiktok', 'google', 'snapchat', 'bing']) expect(all).not.toContain(host);
    expect(metaOf(res.body, 'mindgauge-config').pixels).toEqual({
      ids: { meta: '1234567890', pinterest: '2612345678901' },
    });
    // JSON answers keep the strictest policy: pixels never change it.
    const api = await t.app.inject({ method: 'GET', url: '/api/exam/category/list' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('tells the page the visitor’s continent from the trusted country header, unknown without it', async () => {
    const t = await start({ COUNTRY_HEADER: 'cf-ipcountry', PIXEL_META_ID: '1234567890' });
    const page = async (headers: Record<string, string>) =>
      metaOf((await t.app.inject({ method: 'GET', url: '/free/IQB-1799', headers })).body, 'mindgauge-visitor');
    expect(await page({ 'cf-ipcountry': 'FR' })).toEqual({ continent: 'EU' });
    expect(await page({ 'cf-ipcountry': 'GB' })).toEqual({ continent: 'EU' });
    expect(await page({ 'cf-ipcountry': 'US' })).toEqual({ continent: 'other' });
    expect(await page({ 'cf-ipcountry': 'XX' })).toEqual({ continent: 'unknown' });
    expect(await page({})).toEqual({ continent: 'unknown' });
    // A header the operator did not name is not believed.
    const other = await start({});
    const res = await other.app.inject({ method: 'GET', url: '/', headers: { 'cf-ipcountry': 'US' } });
    expect(metaOf(res.body, 'mindgauge-visitor')).toEqual({ continent: 'unknown' });
  });

  it('refuses malformed pixel ids, a label without its tag, and the stand-in origin in production', () => {
    expect(() => parseEnv({ PIXEL_META_ID: 'abc' })).toThrow(/PIXEL_META_ID/);
    expect(() => parseEnv({ PIXEL_GOOGLE_ADS_ID: '12345' })).toThrow(/AW-/);
    expect(() => parseEnv({ PIXEL_GOOGLE_ADS_PURCHASE_LABEL: 'abcd1234' })).toThrow(/PIXEL_GOOGLE_ADS_ID/);
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        PIXEL_SCRIPT_ORIGIN: 'http://127.0.0.1:9',
        ALLOW_TEST_PAYMENTS: 'true',
        DEV_MAILBOX: 'true',
      }),
    ).toThrow(/PIXEL_SCRIPT_ORIGIN/);
    expect(parseEnv({ PIXEL_GOOGLE_ADS_ID: 'AW-123456789' }).PIXEL_GOOGLE_ADS_ID).toBe('AW-123456789');
  });
});
