import { LOCALES } from '@mindgauge/contract';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { questionLayout } from '../support/question-layout';
import { startTest } from '../support/test-taker';

/**
 * WCAG 1.4.10 (Reflow): a page reads at 320 CSS px without scrolling sideways. The smallest phones in use are
 * that wide; at 320 px the header's wordmark once pushed the menu button 39 px past the screen's edge, and a
 * phone's browser then laid every page out 359 px wide and shrank it.
 */
const NARROW = { width: 320, height: 640 } as const;

/** A phone on its side: all six options above the NEXT bar, each still a finger's target (44 px, WCAG 2.5.5). */
function expectOptionsAboveNav(l: Awaited<ReturnType<typeof questionLayout>>, hl: string) {
  expect(l.options, hl).toHaveLength(6);
  for (const o of l.options) {
    expect(o.bottom, hl).toBeLessThanOrEqual(l.nav.top);
    expect(o.height, `${hl}: an option's height`).toBeGreaterThanOrEqual(44);
  }
}

/** What sticks out of the viewport: the page's own overflow, and each visible element past either edge. */
function outsideViewport(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const clippedByAncestor = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    const outside = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') return false;
        if (el.closest('.visually-hidden, .skip-link')) return false;
        return (box.right > width + 1 || box.left < -1) && !clippedByAncestor(el);
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`,
      );
    return { overflowX: document.documentElement.scrollWidth - width, outside: outside.slice(0, 5) };
  });
}

describeBrowser('screen sizes: 320 px phones, phones on their side, laptops', () => {
  const b = useBrowser();

  it('the header keeps the mark, the language picker and the menu button on the screen, in every language', async () => {
    for (const hl of LOCALES) {
      const page = await b.newPage({ ...NARROW, locale: hl });
      await page.goto(`/help/IQB-1799?hl=${hl}`, { waitUntil: 'networkidle' });
      const menu = await page.locator('.menu-button').boundingBox();
      expect(menu, hl).not.toBeNull();
      expect(menu!.x + menu!.width, `${hl}: the menu button's right edge`).toBeLessThanOrEqual(NARROW.width);
      // The wordmark gives way; the link still says what it is.
      await expect(page.getByRole('link', { name: 'Mindgauge', exact: true }).isVisible(), hl).resolves.toBe(true);
      expect(await outsideViewport(page), hl).toEqual({ overflowX: 0, outside: [] });
      // The menu opens and its links are reachable.
      await page.locator('.menu-button').click();
      await expect(page.locator('.site-nav').getAttribute('data-open'), hl).resolves.toBe('true');
      await page.context().close();
    }
  });

  it('the public screens reflow at 320 px in German, whose words are the longest', async () => {
    const page = await b.newPage({ ...NARROW, locale: 'de' });
    const paths = [
      '/',
      '/landing_page/test_center/IQB-1799',
      '/landing_page/types/IQB-1799',
      '/types/intj/IQB-1799',
      '/help/IQB-1799',
      '/support/IQB-1799',
      '/protocol/terms/IQB-1799',
      '/paying/package/IQB-1799',
      '/report/retrieve/IQB-1799',
      '/members/IQB-1799',
      '/user/register/IQB-1799',
    ];
    for (const path of paths) {
      await page.goto(`${path}?hl=de`, { waitUntil: 'networkidle' });
      await page.locator('main h1').first().waitFor();
      expect(await outsideViewport(page), path).toEqual({ overflowX: 0, outside: [] });
    }
  });

  it('the question screen keeps NEXT, PREVIOUS and REVIEW on a 320 x 568 screen, in the languages with the longest labels', async () => {
    for (const hl of ['es', 'de', 'fr']) {
      const page = await b.newPage({ width: 320, height: 568, locale: hl });
      await startTest(page, hl);
      expect(await outsideViewport(page), hl).toEqual({ overflowX: 0, outside: [] });
      for (const button of await page.locator('.test-nav .button').all()) {
        const box = await button.boundingBox();
        expect(box!.x, hl).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, hl).toBeLessThanOrEqual(320);
      }
      if (hl === 'es') await expectAccessible(page, 'question screen at 320 x 568');
      await page.context().close();
    }
  });

  it('a phone on its side (640 x 360) shows the whole matrix and all six options above the NEXT bar', async () => {
    for (const hl of ['de', 'en']) {
      const page = await b.newPage({ width: 640, height: 360, locale: hl });
      await startTest(page, hl);
      const l = await questionLayout(page);
      // The test bar stays; the site's header steps aside for the test.
      expect(l.headerDisplay, hl).toBe('none');
      expect(l.matrix.top, hl).toBeGreaterThanOrEqual(0);
      expect(l.matrix.bottom, hl).toBeLessThanOrEqual(l.nav.top);
      expectOptionsAboveNav(l, hl);
      if (hl === 'de') await expectAccessible(page, 'question screen at 640 x 360');
      // Off the test, the header is there.
      await page.goto(`/help/IQB-1799?hl=${hl}`);
      await page.locator('main h1').waitFor();
      expect(await page.locator('.site-header').isVisible(), hl).toBe(true);
      await page.context().close();
    }
  });

  it('the smallest phone on its side (568 x 320) shows the whole puzzle, its status line and the NEXT bar without scrolling', async () => {
    // CJK fonts make the test bar and the matrix's "?" taller: Japanese once scrolled 32 px, the matrix's last
    // row under the NEXT bar.
    for (const hl of ['ja', 'en']) {
      const page = await b.newPage({ width: 568, height: 320, locale: hl });
      await startTest(page, hl);
      const l = await questionLayout(page);
      expect(l.overflowY, `${hl}: the page scrolls`).toBeLessThanOrEqual(0);
      expect(l.matrix.bottom, `${hl}: the matrix stays in its area`).toBeLessThanOrEqual(l.stage.bottom + 1);
      expect(l.matrix.bottom, hl).toBeLessThanOrEqual(l.nav.top);
      expect(l.status.bottom, `${hl}: the status line is above the NEXT bar`).toBeLessThanOrEqual(l.nav.top + 1);
      expect(l.nav.bottom, hl).toBeLessThanOrEqual(320);
      expectOptionsAboveNav(l, hl);
      if (hl === 'ja') await expectAccessible(page, 'question screen at 568 x 320');
      await page.context().close();
    }
  });

  it('the header stays one bar tall on tablets and laptops in every language, its ten links behind the menu button', async () => {
    for (const width of [860, 1280]) {
      for (const hl of LOCALES) {
        const page = await b.newPage({ width, height: 720, locale: hl });
        await page.goto(`/help/IQB-1799?hl=${hl}`, { waitUntil: 'networkidle' });
        const header = await page.locator('.site-header').boundingBox();
        // Inline, the links wrapped to three rows at 1,280 px in English and nine at 860 px in Spanish.
        expect(header!.height, `${hl} at ${width} px`).toBeLessThanOrEqual(64);
        await page.locator('.menu-button').click();
        await expect(page.locator('.site-nav').getAttribute('data-open'), hl).resolves.toBe('true');
        expect(await page.locator('.site-nav a:visible').count(), `${hl} at ${width} px`).toBeGreaterThanOrEqual(10);
        await page.context().close();
      }
    }
  });
});
