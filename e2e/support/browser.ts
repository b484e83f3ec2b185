import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium';
import { baseUrl } from './lane';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export { baseUrl, dbPath } from './lane';

/** A describe block that runs only when the global setup found a browser (it fails loudly in CI otherwise). */
export const describeBrowser = inject('chromium') ? describe : describe.skip;

export interface BrowserHandle {
  browser: Browser;
  /** A fresh context with a phone-sized viewport (the visitor is often on a phone). */
  newPage(options?: { width?: number; height?: number; locale?: string }): Promise<Page>;
  contexts: BrowserContext[];
}

export function useBrowser(): BrowserHandle {
  const handle = { contexts: [] } as unknown as BrowserHandle;
  beforeAll(async () => {
    handle.browser = await chromium.launch({ executablePath: inject('chromium'), args: CHROMIUM_ARGS });
    handle.newPage = async (o = {}) => {
      const ctx = await handle.browser.newContext({
        viewport: { width: o.width ?? 390, height: o.height ?? 844 },
        locale: o.locale ?? 'en-US',
        baseURL: baseUrl(),
      });
      handle.contexts.push(ctx);
      const page = await ctx.newPage();
      page.on('pageerror', (err) => {
        throw err;
      });
      return page;
    };
  });
  afterAll(async () => {
    await handle.browser?.close();
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
