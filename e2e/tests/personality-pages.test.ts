import type { Locale } from '@mindgauge/contract';
import { loadAllResources } from '@mindgauge/locales/node';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';

interface TypesText {
  meta: { landingTitle: string; landingDescription: string };
  landing: { title: string; start: string };
  families: Record<string, { name: string }>;
  types: Record<string, { name: string; portrait: string; strengths: string; growth: string }>;
  typePage: { sections: Record<string, string> };
}
const resources = loadAllResources();
const text = (locale: Locale) => resources[locale].types as unknown as TypesText;

/** Tabs forward until a type card's link has focus; the number of presses is bounded by the page's links. */
async function tabToFirstTypeLink(page: Page): Promise<string> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      return el?.classList.contains('type-card__link') ? (el.textContent ?? '') : null;
    });
    if (focused !== null) return focused;
  }
  throw new Error('no type link reached with the keyboard');
}

describeBrowser('personality landing and type pages', () => {
  const b = useBrowser();

  for (const locale of ['en', 'ja'] as const) {
    it(`${locale}: the landing shows 16 types in 4 families; a type page opens from the keyboard`, async () => {
      const t = text(locale);
      const page = await b.newPage();
      await page.goto(`/landing_page/types/IQB-1799?hl=${locale}`);
      await expect.poll(() => page.locator('h1').textContent()).toBe(t.landing.title);
      expect(await page.locator('.type-family').count()).toBe(4);
      expect(await page.locator('.type-card').count()).toBe(16);
      for (const family of ['nt', 'nf', 'sj', 'sp']) {
        const heading = page.locator(`.type-family[data-family="${family}"] h3`);
        expect(await heading.textContent()).toBe(t.families[family]?.name);
        expect(await page.locator(`.type-family[data-family="${family}"] .type-card`).count()).toBe(4);
      }
      // Each card: a drawn emblem (decorative, the name is visible), the name and the one-line portrait.
      const card = page.locator('.type-card', { hasText: t.types.INTJ?.name ?? '' });
      expect(await card.locator('svg.type-emblem[aria-hidden="true"]').count()).toBe(1);
      expect(await card.locator('.type-card__portrait').textContent()).toBe(t.types.INTJ?.portrait);
      expect(await page.locator('.type-card svg.type-emblem').count()).toBe(16);
      expect(await page.title()).toContain(t.meta.landingTitle);
      expect(await page.getAttribute('meta[name="description"]', 'content')).toBe(t.meta.landingDescription);
      expect(await page.getByRole('link', { name: t.landing.start }).count()).toBeGreaterThan(0);
      await expectAccessible(page, `personality landing ${locale}`);

      // The first type of the first family is the first card link in the tab order.
      const name = await tabToFirstTypeLink(page);
      expect(name).toBe(t.types.INTJ?.name);
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/types/intj/IQB-1799');
      await expect.poll(() => page.locator('h1').textContent()).toBe(t.types.INTJ?.name);
      expect(new URL(page.url()).searchParams.get('hl')).toBe(locale);
      for (const section of Object.values(t.typePage.sections)) {
        expect(await page.getByRole('heading', { name: section, level: 2 }).count(), section).toBe(1);
      }
      expect(await page.getByText(t.types.INTJ?.strengths ?? '').count()).toBe(1);
      expect(await page.getByText(t.types.INTJ?.growth ?? '').count()).toBe(1);
      expect(await page.getByRole('img', { name: new RegExp(t.types.INTJ?.name ?? '') }).count()).toBe(1);
      expect(await page.title()).toContain(t.types.INTJ?.name);
      expect(await page.getAttribute('meta[name="description"]', 'content')).toContain(t.types.INTJ?.portrait);
      // Focus moved to the new page's heading for screen readers.
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      await expectAccessible(page, `type page ${locale}`);
    });
  }

  it('the /typesPage alias shows the same landing', async () => {
    const page = await b.newPage();
    await page.goto('/typesPage/IQB-1799?hl=en');
    await expect.poll(() => page.locator('h1').textContent()).toBe(text('en').landing.title);
    expect(await page.locator('.type-family').count()).toBe(4);
    expect(await page.locator('.type-card').count()).toBe(16);
  });

  it("the home page's personality card leads to the personality landing of the personality exam", async () => {
    const page = await b.newPage();
    await page.goto('/?hl=en');
    await page.getByRole('link', { name: 'Take the personality test' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/landing_page/types/MBT-1800');
    await expect.poll(() => page.locator('h1').textContent()).toBe(text('en').landing.title);
    // Type pages keep the scope the visitor came in with.
    expect(await page.locator('.type-card__link').first().getAttribute('href')).toMatch(/^\/types\/intj\/MBT-1800/);
  });

  it('the IQ landing stays the IQ landing and does not load the types texts', async () => {
    const page = await b.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/landing_page/test_center/IQB-1799?hl=en');
    // The test centre's identity headline (landings namespace): the IQ landing, not the personality one.
    const iqTitle = (resources.en.landings as unknown as { audience: { centre: { headline: string } } }).audience.centre
      .headline;
    await expect.poll(() => page.locator('h1').textContent()).toBe(iqTitle);
    expect(await page.locator('.type-card').count()).toBe(0);
    expect(scripts.filter((s) => /\/types-[\w-]+\.js$/.test(s))).toEqual([]);
  });

  it('a shared type page opens directly in its language, switches language, and an unknown type is a 404', async () => {
    const page = await b.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/types/enfp/IQB-1799?hl=fr');
    await expect.poll(() => page.locator('h1').textContent()).toBe(text('fr').types.ENFP?.name);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(scripts.filter((s) => /\/types-[\w-]+\.js$/.test(s))).toHaveLength(1);
    await page.locator('.language-switcher select').first().selectOption('ko');
    await expect.poll(() => page.locator('h1').textContent()).toBe(text('ko').types.ENFP?.name);

    await page.goto('/types/abcd/IQB-1799?hl=en');
    await expect.poll(() => page.locator('h1').textContent()).toContain('Page Not Found');
  });
});
