import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, expectAccessible, type hydrationAware, useBrowser } from '../support/browser';
import { expectHeading, finishSessionViaApi, knowing, payWithCard } from '../support/checkout';
import { type PixelCall, startPixelStandIn } from '../support/pixel-stand-in';
import { isSessionStart, sessionIdOf } from '../support/test-taker';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const META_ID = '1234567890';
const LANDING = '/landing_page/test_center/IQB-1799';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

describeBrowser('ad pixels and consent', () => {
  const b = useBrowser();
  let standIn: Awaited<ReturnType<typeof startPixelStandIn>>;
  let server: ChildProcess;
  let baseURL: string;
  let dir: string;
  let dbPath: string;

  // A server of its own: a Meta pixel configured, its script served by the local stand-in, the visitor's
  // country taken from a header the test sets (as a CDN would).
  beforeAll(async () => {
    standIn = await startPixelStandIn();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mindgauge-pixels-'));
    dbPath = path.join(dir, 'pixels.db');
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    let output = '';
    // The build the e2e setup made, as the lanes run it.
    server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATABASE_URL: `sqlite:${dbPath}`,
        MAIL_TRANSPORT: 'local',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000',
        COUNTRY_HEADER: 'x-test-country',
        PIXEL_META_ID: META_ID,
        PIXEL_SCRIPT_ORIGIN: standIn.origin,
        // As the lanes: a few tests, not 16 forms drawn ahead for each of nine languages.
        FORM_POOL_SIZE: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    server.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
      const healthy = await fetch(`${baseURL}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);

  afterAll(async () => {
    server?.kill('SIGTERM');
    if (server && server.exitCode === null) await new Promise((r) => server.once('exit', r));
    await standIn?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
  });

  /** A phone-sized visitor from a country (the CDN's header on every request). */
  async function visitor(country: string): Promise<Page> {
    const ctx = await b.browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'en-US',
      baseURL,
      extraHTTPHeaders: { 'x-test-country': country },
    });
    contexts.push(ctx);
    const page = await ctx.newPage();
    page.on('pageerror', (err) => {
      throw err;
    });
    return page;
  }

  const gtagState = (page: Page) =>
    page.evaluate(() => {
      const raw = localStorage.getItem('IQ-gtag-state');
      return raw ? (JSON.parse(raw).v as { ad_storage: string; basis: string; choice: string | null }) : null;
    });
  const logid = (page: Page) =>
    page.evaluate(() => {
      const raw = sessionStorage.getItem('IQ-logid');
      return raw ? (JSON.parse(raw) as string) : null;
    });
  const pixelScripts = (page: Page) => page.locator('script[data-ad-pixel]').count();
  /** The stand-in's record from here on. */
  const mark = () => {
    const from = standIn.requests.length;
    return () => standIn.requests.slice(from);
  };
  const tracks = (calls: PixelCall[]) => calls.filter((c) => c.args[0] === 'track');

  /** Answers the whole test through the API in the page's own session, like a person who knows the key. */
  function finishTest(page: Page, sessionId: string, email: string): Promise<string> {
    const keyOf = (id: string) => {
      const db = new Database(dbPath, { readonly: true, fileMustExist: true });
      const row = db.prepare('select scoring_key from exam_sessions where id = ?').get(id) as { scoring_key: string };
      db.close();
      return (JSON.parse(row.scoring_key) as { items: { id: string; answerIndex: number }[] }).items;
    };
    return finishSessionViaApi(page, sessionId, { email, hl: 'en', answering: knowing, keyOf });
  }

  it('a visitor from Europe sees the banner, nothing loads before consent, and refusing is as easy as allowing', async () => {
    const page = await visitor('FR');
    const seen = mark();
    await page.goto(`${LANDING}?fbclid=fb.test.eu`);
    const banner = page.getByRole('region', { name: 'Ads and your privacy' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('(Meta)');
    expect(await banner.textContent()).toContain('scrambled (hashed) form');
    // Everything a pixel needs is there except consent: the log id exists, the rule is asking.
    await expect.poll(() => logid(page)).toMatch(/^[a-f0-9]{32}$/);
    expect(await gtagState(page)).toMatchObject({ ad_storage: 'denied', basis: 'asking', choice: null });
    expect(await pixelScripts(page)).toBe(0);
    expect(seen()).toEqual([]);
    await expectAccessible(page, 'consent banner');

    // The two answers: same style and size, refuse first from the keyboard.
    const refuse = page.getByRole('button', { name: 'Refuse ad measurement' });
    const allow = page.getByRole('button', { name: 'Allow ad measurement' });
    expect(await refuse.getAttribute('class')).toBe(await allow.getAttribute('class'));
    const [r, a] = [await refuse.boundingBox(), await allow.boundingBox()];
    expect(r && a && [Math.round(r.width), Math.round(r.height)]).toEqual(
      a && [Math.round(a.width), Math.round(a.height)],
    );
    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Refuse ad measurement');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Your choice is saved.' }).waitFor();
    expect(await banner.count()).toBe(0);
    expect(await gtagState(page)).toMatchObject({ ad_storage: 'denied', basis: 'choice', choice: 'denied' });
    // The refusal holds on the next page too.
    await page.goto(`${LANDING}?fbclid=fb.test.eu`);
    await page.locator('h1').first().waitFor();
    await expect.poll(() => gtagState(page)).toMatchObject({ basis: 'choice', choice: 'denied' });
    expect(await page.getByRole('region', { name: 'Ads and your privacy' }).count()).toBe(0);
    expect(await pixelScripts(page)).toBe(0);
    expect(seen()).toEqual([]);
  });

  it('without a click identifier nothing loads, even once consent is granted', async () => {
    const page = await visitor('US');
    const seen = mark();
    await page.goto(LANDING);
    await expect.poll(() => gtagState(page)).toMatchObject({ ad_storage: 'granted', basis: 'region' });
    await expect.poll(() => logid(page)).toMatch(/^[a-f0-9]{32}$/);
    // Granted, log id present, view-content fired on this landing: only the click identifier is missing.
    expect(await pixelScripts(page)).toBe(0);
    expect(seen()).toEqual([]);
    expect(await page.getByRole('region', { name: 'Ads and your privacy' }).count()).toBe(0);
  });

  it('no provider request at all on excluded paths', async () => {
    const page = await visitor('US');
    const seen = mark();
    for (const p of ['/protocol/privacy/IQB-1799', '/help/IQB-1799', '/retrieve/IQB-1799']) {
      await page.goto(`${p}?fbclid=fb.test.excluded`);
      await expect.poll(() => gtagState(page)).toMatchObject({ ad_storage: 'denied', basis: 'excluded-path' });
      await expect.poll(() => logid(page)).toMatch(/^[a-f0-9]{32}$/);
      expect(await pixelScripts(page), p).toBe(0);
    }
    expect(seen()).toEqual([]);
  });

  it('a visitor from elsewhere is granted after the 500 ms wait, then the landing’s event goes', async () => {
    const page = await visitor('US');
    await page.goto(`${LANDING}?fbclid=fb.test.us`);
    await expect.poll(() => gtagState(page)).toMatchObject({ ad_storage: 'granted', basis: 'region' });
    const id = await logid(page);
    await expect
      .poll(() =>
        tracks(standIn.calls()).some(
          (c) => c.args[1] === 'ViewContent' && JSON.stringify(c.args[3]) === JSON.stringify({ eventID: id }),
        ),
      )
      .toBe(true);
    // Consent Mode: denied by default with the 500 ms wait, then the update; the script only after the wait.
    const layer = await page.evaluate(() =>
      ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? []).map((a) => Array.from(a)),
    );
    expect(layer[0]).toEqual([
      'consent',
      'default',
      {
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        ad_storage: 'denied',
        analytics_storage: 'denied',
        wait_for_update: 500,
      },
    ]);
    expect(layer).toContainEqual([
      'consent',
      'update',
      { ad_user_data: 'granted', ad_personalization: 'granted', ad_storage: 'granted', analytics_storage: 'granted' },
    ]);
    const started = await page.evaluate(
      () => performance.getEntriesByType('resource').find((e) => e.name.endsWith('/fbevents.js'))?.startTime ?? -1,
    );
    expect(started).toBeGreaterThanOrEqual(500);
    expect(await page.getByRole('region', { name: 'Ads and your privacy' }).count()).toBe(0);
  });

  it('a link followed before the app has hydrated keeps the click id: the next page’s pixel has it', async () => {
    const page = (await visitor('US')) as ReturnType<typeof hydrationAware>;
    // No script of ours runs until the visitor has clicked: only the prerendered HTML and its inline script.
    let held: Route[] | null = [];
    await page.route(/\.js(\?|$)/, (route) => (held ? held.push(route) : route.continue()));
    const from = standIn.calls().length === 0 ? 0 : Math.max(...standIn.calls().map((c) => c.load));
    // `rawGoto`: the shared helper's goto waits for hydration, which cannot come while the scripts are held.
    await page.rawGoto(`${LANDING}?fbclid=fb.test.early`, { waitUntil: 'commit' });
    const start = page.getByRole('link', { name: 'Start the test' }).first();
    await start.waitFor();
    // The static page's link has no click id of its own, and nothing is hydrated.
    expect(await start.getAttribute('href')).not.toContain('fbclid');
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    // The app is on its way (its first script asked for and held): the page starts it after its first
    // contentful paint, so the request may come a moment after the link is there.
    await expect.poll(() => held?.length ?? 0).toBeGreaterThan(0);
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    await start.click();
    await page.waitForURL(/\/answer_question\/start_loading\/IQB-1799\?(.*&)?fbclid=fb\.test\.early/, {
      waitUntil: 'commit',
    });
    // Now the scripts may load (the landing's held ones are gone with it; the next page's go through).
    const waiting = held;
    held = null;
    for (const route of waiting) await route.continue().catch(() => undefined);
    // Where the pixels read it: the kept parameters in storage (written once this page's app has started,
    // which the scripts' late start delays); and the Meta pixel loads and sends on this page.
    await page.locator('#root main#main').waitFor({ timeout: 30_000 });
    // The landing's identity was stored before any script ran, so the visit keeps its landing (theme, funnel).
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('IQ-landing-identity') ?? '{}').variant)).toBe(
      new URL(LANDING, 'http://x').pathname.split('/')[2],
    );
    await expect
      .poll(() =>
        page.evaluate(
          () => (JSON.parse(localStorage.getItem('IQ-config') ?? '{}').v?.keptQuery as { fbclid?: string })?.fbclid,
        ),
      )
      .toBe('fb.test.early');
    await expect.poll(() => gtagState(page)).toMatchObject({ ad_storage: 'granted', basis: 'region' });
    await expect.poll(() => pixelScripts(page)).toBeGreaterThan(0);
    await expect
      .poll(() => standIn.calls().some((c) => c.load > from && c.args[0] === 'init' && c.args[1] === META_ID))
      .toBe(true);
  });

  it('with fbclid and consent given, the Meta events arrive in order with the log id as event id', async () => {
    const page = await visitor('DE');
    const from = standIn.calls().length === 0 ? 0 : Math.max(...standIn.calls().map((c) => c.load));
    await page.goto(`${LANDING}?fbclid=fb.test.buyer`);
    await page.getByRole('button', { name: 'Allow ad measurement' }).click();
    await expect
      .poll(() => gtagState(page))
      .toMatchObject({ ad_storage: 'granted', basis: 'choice', choice: 'granted' });
    const id = await logid(page);

    // Test start: the customize event, then the whole test (through the API, in this session).
    const started = page.waitForResponse(isSessionStart);
    await page.getByRole('link', { name: 'Start the test' }).first().click();
    // The instruction and practice screen comes first; the session (and the clock) starts with part 1.
    await page.locator('.test-intro__start button').click();
    await started;
    const sessionId = await sessionIdOf(page);
    await page.locator('.question-pane:not([hidden]) .matrix').waitFor();
    const orderNumber = await finishTest(page, sessionId, 'Buyer@Example.com');

    // Report choice, payment page, method, payment, success.
    // The payment page names the visit's log id and click id to our server (server-side conversions, 0032).
    const attribution = page.waitForRequest((r) => r.url().includes('/api/exam/order/attribution'));
    await page.goto(`/paying/scheme/IQB-1799?order=${orderNumber}`);
    await page.locator('.sku-card[data-sku="sku2"]').click();
    await page.getByRole('checkbox', { name: /I have read and agree to the terms/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Payment');
    expect((await attribution).postDataJSON()).toMatchObject({
      orderNumber,
      logid: id,
      clickIds: { fbclid: 'fb.test.buyer' },
    });
    await page.getByRole('radio', { name: /card/i }).check();
    await page.locator('.pay-button').click();
    await page.locator('iframe.sandbox-frame').waitFor();
    await payWithCard(page, '4242 4242 4242 4242');
    await expectHeading(page, 'Payment successful');

    const mine = () => standIn.calls().filter((c) => c.load > from);
    await expect.poll(() => tracks(mine()).map((c) => c.args[1])).toContain('Purchase');
    const events = tracks(mine());
    expect(events.map((c) => c.args[1])).toEqual([
      'ViewContent',
      'CustomizeProduct',
      'AddToCart',
      'InitiateCheckout',
      'AddPaymentInfo',
      'Purchase',
    ]);
    for (const e of events) expect(e.args[3]).toEqual({ eventID: id });
    const byName = Object.fromEntries(events.map((e) => [e.args[1], e.args[2] as Record<string, unknown>]));
    const checkout = byName.InitiateCheckout as { value: number; currency: string };
    expect(checkout).toEqual({
      value: expect.any(Number),
      currency: expect.any(String),
      content_ids: ['sku2'],
      contents: [{ id: 'sku2', quantity: 1, item_price: checkout.value }],
      content_type: 'product',
      num_items: 1,
    });
    expect(checkout.value).toBeGreaterThan(0);
    expect(byName.Purchase).toMatchObject({
      value: checkout.value,
      currency: checkout.currency,
      content_ids: ['sku2'],
    });
    // On every page: consent revoked before init, granted before the first event.
    for (const load of new Set(mine().map((c) => c.load))) {
      const calls = mine()
        .filter((c) => c.load === load)
        .map((c) => JSON.stringify(c.args.slice(0, 2)));
      expect(calls.slice(0, 3)).toEqual([
        JSON.stringify(['consent', 'revoke']),
        JSON.stringify(['init', META_ID]),
        JSON.stringify(['consent', 'grant']),
      ]);
    }
    // The purchase carries the identify call: the hashed, normalised address, just before it.
    const all = mine();
    const purchaseAt = all.findIndex((c) => c.args[0] === 'track' && c.args[1] === 'Purchase');
    const hash = createHash('sha256').update('buyer@example.com').digest('hex');
    expect(all[purchaseAt - 1]?.args).toEqual(['init', META_ID, { em: hash }]);
    expect(JSON.stringify(all)).not.toContain('example.com');

    // Once per order: opening the success page again loads the pixel again but sends no second purchase.
    const load = Math.max(...all.map((c) => c.load));
    await page.reload();
    await expectHeading(page, 'Payment successful');
    const again = () => standIn.calls().filter((c) => c.load > load);
    await expect.poll(() => again().length).toBeGreaterThanOrEqual(3);
    // Every beacon the page sent has arrived before counting.
    await expect
      .poll(async () =>
        page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/collect')).length),
      )
      .toBe(again().length);
    expect(tracks(again())).toEqual([]);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('IQ-ad-purchases') ?? '{}').v)).toEqual([
      orderNumber,
    ]);
  });
});
