import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium';
import { baseUrl } from './lane';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export { advanceServerClock, baseUrl, dbPath } from './lane';

/** A describe block that runs only when the global setup found a browser (it fails loudly in CI otherwise). */
export const describeBrowser = inject('chromium') ? describe : describe.skip;

/**
 * A page prerendered at build time (decision 0035) is painted before its script runs; its controls
 * (language picker, menu, buttons) answer only once React has hydrated it, which the app marks with
 * `<html data-hydrated>`. A page that was not prerendered (the SPA shell) renders nothing before its script,
 * so there is nothing to wait for. Plain links work before: their click ids are kept by the page's inline
 * script (prerendered-pages.test.ts and ad-tracking.test.ts click them on purpose).
 */
export async function waitUntilHydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated], #root:not([data-prerendered])').first().waitFor({ state: 'attached' });
}

/** Whether the loaded document is a prerendered page (a PDF, a JSON answer or the shell is not). */
const isPrerendered = (page: Page) =>
  page.evaluate(() => document.getElementById('root')?.hasAttribute('data-prerendered') ?? false).catch(() => false);

/** Kept for the tests that name it: the same wait. */
export const waitUntilReady = waitUntilHydrated;

/**
 * Makes a page's full loads (goto, reload, back, forward) return only once the app can be used, so that no
 * test acts on a prerendered page before React has hydrated it. `raw` keeps the original goto for a test
 * that means to act before hydration.
 */
export function hydrationAware(page: Page): Page & { rawGoto: Page['goto'] } {
  const p = page as Page & { rawGoto: Page['goto'] };
  if ('rawGoto' in page) return p;
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const goBack = page.goBack.bind(page);
  const goForward = page.goForward.bind(page);
  const settled = async <T>(res: T): Promise<T> => {
    if (!page.isClosed() && (await isPrerendered(page))) await waitUntilHydrated(page);
    return res;
  };
  p.rawGoto = goto;
  p.goto = async (url, options) => settled(await goto(url, options));
  p.reload = async (options) => settled(await reload(options));
  p.goBack = async (options) => settled(await goBack(options));
  p.goForward = async (options) => settled(await goForward(options));
  return p;
}

/** Every page of the context waits for hydration after its loads (hydrationAware), unless JavaScript is off. */
function hydrationAwareContext(ctx: BrowserContext, javaScript: boolean): BrowserContext {
  if (!javaScript) return ctx;
  const newPage = ctx.newPage.bind(ctx);
  ctx.newPage = async () => hydrationAware(await newPage());
  return ctx;
}

export interface BrowserHandle {
  browser: Browser;
  /**
   * A fresh context with a phone-sized viewport (the visitor is often on a phone). It is closed when the test
   * that opened it ends, unless `keep`: a page the later tests of the file go on with (a signed-in member).
   */
  newPage(options?: { width?: number; height?: number; locale?: string; keep?: boolean }): Promise<Page>;
}

/**
 * The lane's browser. Files in a lane run one after another in one worker (vitest.config.ts: isolate off), so
 * they share one Chromium instead of launching one each (about 0.85 s of CPU a launch); each test's contexts
 * are its own and close when it ends (useBrowser). Kept on globalThis so that a module evaluated again
 * still finds it; relaunched if it went away.
 */
const LANE_BROWSER = Symbol.for('mindgauge.e2e.laneBrowser');
type LaneGlobal = typeof globalThis & { [LANE_BROWSER]?: Promise<Browser> };

async function laneBrowser(): Promise<Browser> {
  const g = globalThis as LaneGlobal;
  const current = await g[LANE_BROWSER]?.catch(() => undefined);
  if (current?.isConnected()) return current;
  const launching = chromium.launch({ executablePath: inject('chromium'), args: CHROMIUM_ARGS }).then((browser) => {
    // Every context a test opens, here or through handle.browser.newContext, gets hydration-aware pages.
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options) =>
      hydrationAwareContext(await newContext(options), options?.javaScriptEnabled !== false);
    return browser;
  });
  g[LANE_BROWSER] = launching;
  return launching;
}

export function useBrowser(): BrowserHandle {
  const handle = {} as BrowserHandle;
  /** Contexts that outlive their test (newPage's `keep`), and those open when the running test began. */
  const kept = new Set<BrowserContext>();
  let openBefore = new Set<BrowserContext>();
  beforeAll(async () => {
    handle.browser = await laneBrowser();
    handle.newPage = async (o = {}) => {
      const ctx = await handle.browser.newContext({
        viewport: { width: o.width ?? 390, height: o.height ?? 844 },
        locale: o.locale ?? 'en-US',
        baseURL: baseUrl(),
      });
      if (o.keep) kept.add(ctx);
      const page = await ctx.newPage();
      page.on('pageerror', (err) => {
        throw err;
      });
      return page;
    };
  });
  beforeEach(() => {
    openBefore = new Set(handle.browser?.contexts());
  });
  afterEach(async () => {
    // A test's pages end with it: left open, their timers, countdowns and polls went on running in Chromium and
    // on the server until the file's end.
    const opened = handle.browser?.contexts().filter((ctx) => !openBefore.has(ctx) && !kept.has(ctx)) ?? [];
    await Promise.all(opened.map((ctx) => ctx.close()));
  });
  afterAll(async () => {
    // The next file in the lane starts from a browser with no context of this one's.
    await Promise.all(handle.browser?.contexts().map((ctx) => ctx.close()) ?? []);
  });
  return handle;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page (through the DevTools protocol, so the page's strict CSP stays on) and fails on
 * any serious or critical violation.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${label}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * The JSON answers the page itself receives from `pathname` (watched from now on); `latest()` waits for one.
 * A test checks what the page shows against these, not against a request of its own made afterwards: the
 * server keeps platform figures for a minute, and the files before this one in the lane finished tests, so a
 * later request may read newer counts than the page was given.
 */
export function answersTo<T>(page: Page, pathname: string): { latest(): Promise<T> } {
  const answers: Promise<{ data: T }>[] = [];
  page.on('response', (r) => {
    if (!r.ok() || new URL(r.url()).pathname !== pathname) return;
    const body = r.json();
    // A body that can no longer be read (the page closed at the test's end) is no error unless it is awaited.
    body.catch(() => undefined);
    answers.push(body);
  });
  return {
    async latest() {
      await expect.poll(() => answers.length, { message: `the page asked for ${pathname}` }).toBeGreaterThan(0);
      return ((await answers[answers.length - 1]) as { data: T }).data;
    },
  };
}
