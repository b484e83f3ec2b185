import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { type Box, questionLayout } from '../support/question-layout';
import { answer, next, startTest } from '../support/test-taker';

/** Screenshots a person looks at before calling the layout done (git-ignored). */
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.tmp/screenshots');

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;

/** Every option whole inside the viewport and above the sticky NEXT bar (which would hide it otherwise). */
function expectOptionsVisible(l: Awaited<ReturnType<typeof questionLayout>>, label: string) {
  expect(l.options, label).toHaveLength(6);
  const covered = l.options
    .map((o: Box, i: number) => ({ i, o }))
    .filter(({ o }) => o.top < 0 || o.left < 0 || o.right > l.viewport.width || o.bottom > l.nav.top + 0.5)
    .map(({ i, o }) => `${String.fromCharCode(65 + i)} ${JSON.stringify(o)} nav.top=${l.nav.top}`);
  expect(covered, label).toEqual([]);
  expect(l.nav.bottom, `${label}: NEXT bar inside the screen`).toBeLessThanOrEqual(l.viewport.height + 0.5);
}

/** No text closer than 8 px to either edge of the screen, and nothing wider than the screen. */
function expectTextInside(l: Awaited<ReturnType<typeof questionLayout>>, label: string) {
  expect(l.overflowX, `${label}: horizontal overflow`).toBeLessThanOrEqual(0);
  const atEdge = l.texts.filter((t) => t.left < 8 || t.right > l.viewport.width - 8).map((t) => t.text);
  expect(atEdge, `${label}: text at the screen edge`).toEqual([]);
  expect(l.cramped, `${label}: labels wider than their button`).toEqual([]);
}

describeBrowser('the question screen on a phone', () => {
  const b = useBrowser();

  for (const hl of ['en', 'de', 'ja']) {
    it(`in ${hl}: matrix, six options and NEXT fit at 390 x 844 and 360 x 740, also with the offline banner`, async () => {
      fs.mkdirSync(SHOTS, { recursive: true });
      for (const size of PHONES) {
        const label = `${hl} ${size.width}x${size.height}`;
        const page = await b.newPage({ ...size, locale: hl === 'en' ? 'en-US' : hl });
        await startTest(page, hl);
        await page.screenshot({ path: path.join(SHOTS, `question-${hl}-${size.width}x${size.height}.png`) });
        const l = await questionLayout(page);
        // 390 x 844: no scrolling at all; 360 x 740: at most a small scroll.
        expect(l.overflowY, label).toBeLessThanOrEqual(size.height >= 844 ? 0 : 48);
        expectOptionsVisible(l, label);
        expectTextInside(l, label);
        await expectAccessible(page, `question screen ${label}`);

        // Offline: the banner pushes the page down, the options still stand clear of the bar.
        await page.context().setOffline(true);
        await page.evaluate(() => window.dispatchEvent(new Event('offline')));
        await page.locator('.offline-banner:not([hidden])').waitFor();
        await page.screenshot({ path: path.join(SHOTS, `question-${hl}-${size.width}x${size.height}-offline.png`) });
        const off = await questionLayout(page);
        expect(off.overflowY, `${label} offline`).toBeLessThanOrEqual(48);
        expectOptionsVisible(off, `${label} offline`);
        await page.context().setOffline(false);
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
        await page.context().close();
      }
    });
  }

  it('no text of the question screen runs to the edge at 360 x 740, in every language', async () => {
    for (const hl of ['zh-CN', 'zh-HK', 'ko', 'fr', 'es', 'pt']) {
      const page = await b.newPage({ width: 360, height: 740, locale: hl });
      await startTest(page, hl);
      const l = await questionLayout(page);
      expectOptionsVisible(l, hl);
      expectTextInside(l, hl);
      await page.context().close();
    }
  });

  it('the next puzzle opens at its top, and the milestone message shows above the NEXT bar', async () => {
    const page = await b.newPage({ width: 360, height: 740, locale: 'de' });
    await page.clock.install();
    await startTest(page, 'de');
    for (let i = 0; i < 5; i++) {
      await answer(page, i % 6, 12_000);
      if (i < 4) {
        // Scrolled down (as far as the page allows), NEXT brings the new puzzle in at the top.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await next(page);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
      }
    }
    const status = page.locator('.test-screen__status');
    await expect.poll(() => status.textContent()).toBe('Guter Start: fünf Aufgaben geschafft.');
    const l = await questionLayout(page);
    expect(l.status.top).toBeGreaterThanOrEqual(0);
    expect(l.status.bottom).toBeLessThanOrEqual(l.nav.top + 0.5);
    await page.screenshot({ path: path.join(SHOTS, 'question-de-360x740-milestone.png') });
    expect(await page.locator('.test-nav__next').textContent()).toBe('WEITER');
  });
});
