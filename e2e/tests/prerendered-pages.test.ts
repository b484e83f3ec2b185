import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { baseUrl, describeBrowser, useBrowser } from '../support/browser';
import { latestMail } from '../support/checkout';

/**
 * Issue 14: the landings are prerendered at build time (apps/web/src/app/prerender.tsx, decision 0035), painted without
 * JavaScript, and hydrated by React without a mismatch; what differs per visitor fills in after hydration.
 */
describeBrowser('prerendered landings', () => {
  const b = useBrowser();

  /** Every error the page reports: React reports a hydration mismatch as a console error or a page error. */
  async function watchErrors(page: Page): Promise<string[]> {
    const errors: string[] = [];
    page.removeAllListeners('pageerror');
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
    });
    // Marks the prerendered headline before any script runs: after hydration it must be the same node
    // (React adopted the HTML instead of rendering the page anew).
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        const h1 = document.querySelector('#root[data-prerendered] h1');
        if (h1) (h1 as HTMLElement & { prerendered?: boolean }).prerendered = true;
      });
    });
    return errors;
  }

  /** Waits for the landing to be hydrated and settled: the identity logo (set after hydration) and its data. */
  async function hydrated(page: Page, variant: string) {
    await page.locator(`.site-header [data-identity-logo="${variant}"]`).waitFor();
    await page.locator('.class-list li').first().waitFor();
    await page.locator('.route-progress[data-active="false"]').waitFor({ state: 'attached' });
  }

  it('paints the landing with JavaScript off: its language, title, headline, theme and start link', async () => {
    const ctx = await b.browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl() });
    const page = await ctx.newPage();
    const res = await page.goto('/landing_page/girl/IQB-1799?hl=fr');
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/style-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    expect(await page.locator('head style').count()).toBe(2);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.locator('html').getAttribute('data-identity')).toBe('girl');
    const h1 = (await page.locator('h1').textContent()) ?? '';
    expect(h1.length).toBeGreaterThan(5);
    expect(await page.title()).toBe(`${h1} · Mindgauge`);
    // The French page, not the English one.
    expect(await page.locator('.hero a.button--primary').first().textContent()).not.toBe('Start the test');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).not.toContain('honest tests of');
    // The variant's colours and the app's styles are inline in the page, each allowed by its hash alone: no
    // stylesheet request stands before the first paint, and the policy allows no other inline style.
    const brand = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-brand').trim(),
    );
    expect(brand).toMatch(/^#[0-9a-f]{6}$/i);
    expect(brand.toLowerCase()).not.toBe('#3b3fc4');
    expect(await page.locator('a.button--primary').first().getAttribute('href')).toBe(
      '/answer_question/start_loading/IQB-1799',
    );
  });

  for (const [path, variant, hl] of [
    ['/landing_page/test_center/IQB-1799', 'test_center', 'en'],
    ['/girlPage/IQB-1799', 'girl', 'ja'],
    ['/landing_page/yellow_boy-old/IQB-1799', 'yellow_boy-old', 'de'],
  ] as const) {
    it(`hydrates ${path} (${hl}) without a mismatch, then adds the visitor's parameters to its links`, async () => {
      const page = await b.newPage();
      const errors = await watchErrors(page);
      await page.goto(`${path}?hl=${hl}&gclid=e2e-click`);
      await hydrated(page, variant);
      expect(await page.locator('#root').getAttribute('data-prerendered')).toBe(hl);
      expect(await page.evaluate(() => (document.querySelector('h1') as { prerendered?: boolean }).prerendered)).toBe(
        true,
      );
      // Filled in after hydration: the click id is kept by every internal link.
      await expect
        .poll(() => page.locator('a.button--primary').first().getAttribute('href'))
        .toContain('gclid=e2e-click');
      expect(await page.locator('.site-header__brand').getAttribute('href')).toContain('gclid=e2e-click');
      expect(errors).toEqual([]);
      // Interactive: the start link is the router's (no full page load).
      await page.locator('a.button--primary').first().click();
      await page.waitForURL(/start_loading|answer_question|test/);
      expect(errors).toEqual([]);
    });
  }

  it('knows a visitor without a sign-in cookie is signed out without asking, and asks when the cookie is there', async () => {
    const page = await b.newPage();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/user/get') asked.push(r.url());
    });
    await page.goto('/landing_page/test_center/IQB-1799?hl=en');
    await hydrated(page, 'test_center');
    expect(await page.locator('html').getAttribute('data-account')).toBe('none');
    await page.locator('.account-corner .account-link').waitFor({ state: 'attached' });
    expect(asked).toEqual([]);

    // Signed in (the cookie set by the API): the same landing asks, and its header shows the account menu.
    const email = `prerender-${Date.now()}@example.com`;
    const reg = await page.request.post('/api/user/register', {
      data: { name: 'Ada', email, password: 'a prerender passphrase', agreement: true, hl: 'en' },
    });
    expect(reg.status()).toBe(200);
    const code = /\b\d{6}\b/.exec((await latestMail(page, email, /confirmation code/i)).text)?.[0] ?? '';
    const verified = await page.request.post('/api/user/verify', { data: { email, code, purpose: 'register' } });
    expect(verified.status()).toBe(200);
    await page.goto('/landing_page/test_center/IQB-1799?hl=en');
    await hydrated(page, 'test_center');
    expect(await page.locator('html').getAttribute('data-account')).toBeNull();
    await page.locator('.account-corner .account-menu__button').waitFor({ state: 'attached' });
    expect(asked.length).toBeGreaterThan(0);
  });

  it("starts the app in stages: the entry's dependencies first, each stage in its own task, then the entry", async () => {
    const page = await b.newPage();
    const html = await (await page.request.get('/landing_page/test_center/IQB-1799?hl=en')).text();
    // Inline (allowed by its hash): no request stands before the first paint, not even the boot's.
    expect(html).not.toMatch(/<script[^>]+src=/);
    const boot = /<script>(\(\(\)=>\{const entry = [\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(boot).toContain('first-contentful-paint');
    const entry = JSON.parse(/const entry = (.+?);\n/.exec(boot)?.[1] ?? 'null') as string;
    const stages = JSON.parse(/const stages = (.+);/.exec(boot)?.[1] ?? '[]') as string[][];
    expect(stages.length).toBeGreaterThan(1);
    const chunks = stages.flat();
    expect(chunks).not.toContain(entry);
    // Every staged chunk is one the entry itself imports: the app's own module graph, nothing else.
    const entrySource = await (await page.request.get(entry)).text();
    for (const chunk of chunks) {
      const res = await page.request.get(chunk);
      expect(res.status(), chunk).toBe(200);
      expect(entrySource, chunk).toContain(chunk.replace('/assets/', ''));
    }
  });

  it('prerenders the home page: painted without JavaScript, hydrated, its exams filled in after', async () => {
    const ctx = await b.browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl() });
    const still = await ctx.newPage();
    await still.goto('/?hl=es');
    expect(await still.locator('html').getAttribute('lang')).toBe('es');
    expect(((await still.locator('h1').textContent()) ?? '').length).toBeGreaterThan(5);
    // The start button's place is kept (hidden) until the exam list says where it leads.
    expect(await still.locator('.hero .button--pending').count()).toBe(1);

    const page = await b.newPage();
    const errors = await watchErrors(page);
    await page.goto('/?hl=es');
    await page.locator('.exam-card').first().waitFor();
    await page.locator('.hero a.button--primary').waitFor();
    expect(await page.locator('.hero .button--pending').count()).toBe(0);
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('es');
    expect(await page.evaluate(() => (document.querySelector('h1') as { prerendered?: boolean }).prerendered)).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });

  it('serves the SPA shell where a prerendered page cannot apply: a gift link, another exam, an unknown page', async () => {
    const page = await b.newPage();
    for (const url of [
      '/landing_page/test_center/IQB-1799?gift=AAAAAAAAAAAAAAAAAAAAAA',
      '/landing_page/test_center/IQB-1800',
      '/help/IQB-1799',
    ]) {
      const res = await page.request.get(url);
      expect(await res.text()).not.toContain('data-prerendered');
    }
    const res = await page.request.get('/landing_page/test_center/IQB-1799?hl=ko');
    const html = await res.text();
    expect(html).toContain('data-prerendered="ko"');
    expect(html).toContain('<html lang="ko"');
    expect(html).toContain('name="mindgauge-config"');
    expect(res.headers()['cache-control']).toBe('no-cache');
    // The page's two inline scripts (one keeps click ids in links followed before hydration, one starts the
    // app after the first paint) are allowed by their hashes, and only those: no 'unsafe-inline'; the shell,
    // which has none, gets the plain policy.
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toContain('fbclid');
    expect(scripts[1]).toContain('first-contentful-paint');
    const hashes = scripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(/script-src [^;]*/.exec(csp)?.[0]).toBe(`script-src 'self' ${hashes.join(' ')}`);
    expect(csp).not.toContain('unsafe-inline');
    const shell = await page.request.get('/help/IQB-1799');
    expect(shell.headers()['content-security-policy']).not.toContain('sha256-');
  });
});
