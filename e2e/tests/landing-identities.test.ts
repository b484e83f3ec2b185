import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser, waitUntilReady } from '../support/browser';

/** The IQ landings (spec section 2); `types` is the personality landing, built by its own feature. */
const VARIANTS = [
  'founder',
  'free',
  'genius_lab',
  'girl',
  'home',
  'matrix',
  'new_boy',
  'new_computer',
  'new_genius',
  'new_girl',
  'new_page',
  'new',
  'relax',
  'test_center',
  'third',
  'yellow_boy',
  'yellow_computer',
  'yellow_girl',
  'young',
  'genius_lab-old',
  'girl-old',
  'test_center-old',
  'yellow_boy-old',
] as const;

const ALIASES: Record<string, string> = {
  '/free/IQB-1799': 'free',
  '/founder/IQB-1799': 'founder',
  '/young/IQB-1799': 'young',
  '/relaxPage/IQB-1799': 'relax',
  '/homePage/IQB-1799': 'home',
  '/thirdPage/IQB-1799': 'third',
  '/newPage/IQB-1799': 'new_page',
  '/girlPage/IQB-1799': 'girl',
};

/** A pixel counts as different when one of its channels moved by more than this (of 255): visible, not noise. */
const CHANNEL_THRESHOLD = 24;
/** Two variants must differ in at least this share of the first screen's pixels. */
const MIN_DIFFERENT_SHARE = 0.03;

/** Opens a landing and waits until it is complete: identity hero, its drawing and the themed header logo. */
async function openLanding(page: Page, path: string): Promise<{ variant: string; routeName: string; shot: Buffer }> {
  await page.goto(`${path}?hl=en`);
  const hero = page.locator('.identity-hero');
  await hero.locator('[data-scene-ready="true"] svg').waitFor();
  const variant = (await hero.getAttribute('data-variant')) ?? '';
  await page.locator(`.site-header [data-identity-logo="${variant}"]`).waitFor();
  await page.locator('.route-progress[data-active="false"]').waitFor({ state: 'attached' });
  const routeName = (await hero.getAttribute('data-route-name')) ?? '';
  const shot = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  return { variant, routeName, shot };
}

/**
 * Share of pixels that differ between the screenshots of each pair asked for, measured in the browser (canvas
 * pixels; no image library needed). Returns one share per pair, in the pairs' order.
 */
async function pixelDifferences(page: Page, shots: Buffer[], pairs: [number, number][]): Promise<number[]> {
  await page.goto('about:blank');
  return page.evaluate(
    async ({ urls, threshold, pairs }) => {
      const pixels = await Promise.all(
        urls.map(async (url) => {
          const img = new Image();
          img.src = url;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.width;
          canvas.height = img.height;
          const ctx = canvas.getContext('2d', { willReadFrequently: true });
          if (!ctx) throw new Error('no 2d context');
          ctx.drawImage(img, 0, 0);
          return ctx.getImageData(0, 0, img.width, img.height).data;
        }),
      );
      return pairs.map(([first, second]) => {
        const a = pixels[first]!;
        const b = pixels[second]!;
        if (a.length !== b.length) return 1;
        let different = 0;
        for (let i = 0; i < a.length; i += 4) {
          if (
            Math.abs(a[i]! - b[i]!) > threshold ||
            Math.abs(a[i + 1]! - b[i + 1]!) > threshold ||
            Math.abs(a[i + 2]! - b[i + 2]!) > threshold
          )
            different++;
        }
        return different / (a.length / 4);
      });
    },
    {
      urls: shots.map((s) => `data:image/png;base64,${s.toString('base64')}`),
      threshold: CHANNEL_THRESHOLD,
      pairs,
    },
  );
}

describeBrowser('landing identities', () => {
  const b = useBrowser();

  it('every variant has its own look, named by its route; the aliases show theirs; only its drawing loads', async () => {
    const page = await b.newPage();
    let sceneChunks: string[] = [];
    let scenesFetched = 0;
    page.on('request', (r) => {
      const m = /\/assets\/([a-z]+)-scene-[\w-]+\.js$/.exec(new URL(r.url()).pathname);
      if (m) sceneChunks.push(m[1]!);
    });

    const shots: Buffer[] = [];
    for (const variant of VARIANTS) {
      sceneChunks = [];
      const seen = await openLanding(page, `/landing_page/${variant}/IQB-1799`);
      // Only the drawing this landing shows is fetched, never the other variants'.
      const scene = await page.locator('.identity-hero svg[data-scene]').getAttribute('data-scene');
      expect(
        sceneChunks.filter((c) => c !== scene),
        variant,
      ).toEqual([]);
      scenesFetched += sceneChunks.length;
      expect(seen.variant).toBe(variant);
      expect(seen.routeName).toBe(`landing_page-${variant}-code-examId`);
      expect(await page.evaluate(() => document.documentElement.dataset.identity)).toBe(variant);
      shots.push(seen.shot);
    }
    // The scenes are separate chunks indeed (13 scenes for 23 variants).
    expect(scenesFetched).toBeGreaterThanOrEqual(12);

    const aliasShots: Buffer[] = [];
    for (const [path, variant] of Object.entries(ALIASES)) {
      const seen = await openLanding(page, path);
      expect(seen.variant, path).toBe(variant);
      expect(seen.routeName, path).toBe(`landing_page-${variant}-code-examId`);
      aliasShots.push(seen.shot);
    }

    // Every two variants, and each alias with its variant: 261 pairs of the 961 that 31 screenshots make.
    const variantPairs: [number, number][] = VARIANTS.flatMap((_, i) =>
      VARIANTS.slice(i + 1).map((__, k): [number, number] => [i, i + 1 + k]),
    );
    const aliasPairs = Object.values(ALIASES).map((variant, k): [number, number] => [
      VARIANTS.length + k,
      VARIANTS.indexOf(variant as (typeof VARIANTS)[number]),
    ]);
    const diff = await pixelDifferences(page, [...shots, ...aliasShots], [...variantPairs, ...aliasPairs]);
    const tooAlike = variantPairs.flatMap(([i, j], p) =>
      diff[p]! < MIN_DIFFERENT_SHARE ? [`${VARIANTS[i]} ~ ${VARIANTS[j]}: ${(diff[p]! * 100).toFixed(2)}%`] : [],
    );
    expect(tooAlike, 'variants that look the same').toEqual([]);

    // The measure itself: an alias and its variant are the same page, and it says so.
    aliasPairs.forEach(([, v], k) => {
      expect(diff[variantPairs.length + k], `alias of ${VARIANTS[v]}`).toBeLessThan(0.005);
    });
  });

  it('is accessible in a sample of variants: dark, yellow, classic and light heroes', async () => {
    const page = await b.newPage();
    for (const variant of ['genius_lab', 'matrix', 'yellow_girl', 'girl-old', 'new_girl', 'founder']) {
      await openLanding(page, `/landing_page/${variant}/IQB-1799`);
      await expectAccessible(page, variant);
    }
  });

  it('translates the identity: the variant name and headline follow the language', async () => {
    const page = await b.newPage();
    await page.goto('/landing_page/genius_lab/IQB-1799?hl=ja');
    await expect.poll(() => page.locator('.identity-hero h1').textContent()).toBe('ジーニアス・ラボへようこそ');
    expect(await page.locator('.identity-hero__badge').textContent()).toBe('ジーニアス・ラボ');
    await waitUntilReady(page);
    await page.getByLabel('言語を選択してください').selectOption('de');
    await expect.poll(() => page.locator('.identity-hero h1').textContent()).toBe('Willkommen im Genie-Labor');
  });

  it('keeps the theme and logo of the landing for the whole visit: on the question screen and after a reload', async () => {
    const page = await b.newPage();
    await openLanding(page, '/landing_page/matrix/IQB-1799');
    const brand = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-brand').trim());
    const matrixBrand = await brand();
    await page.locator('.hero a.button--primary').click();
    // The instruction and practice screen comes first; then part 1.
    await page.locator('.test-intro__start button').click();
    await page.locator('.question-pane:not([hidden]) .matrix').waitFor();
    expect(new URL(page.url()).pathname).toBe('/answer_question/standard/IQB-1799');
    expect(await brand()).toBe(matrixBrand);
    expect(await page.locator('.site-header [data-identity-logo="matrix"]').count()).toBe(1);
    await expectAccessible(page, 'question screen in the matrix identity');

    await page.reload();
    await page.locator('.question-pane:not([hidden]) .matrix').waitFor();
    expect(await brand()).toBe(matrixBrand);
    expect(await page.evaluate(() => document.documentElement.dataset.identity)).toBe('matrix');

    // A later visit in a new tab of the same browser (the report e-mail's link, say) keeps the look it knows.
    const later = await page.context().newPage();
    await later.goto('/help/IQB-1799?hl=en');
    await later.locator('h1').waitFor();
    expect(await later.evaluate(() => document.documentElement.dataset.identity)).toBe('matrix');
    expect(await later.locator('.site-footer [data-identity-logo="matrix"]').count()).toBe(1);
    await expectAccessible(later, 'help centre in the matrix identity');

    // A visit that starts elsewhere, with nothing kept, has the product's own look.
    const fresh = await b.newPage();
    await fresh.goto('/help/IQB-1799?hl=en');
    await fresh.locator('h1').waitFor();
    expect(await fresh.evaluate(() => document.documentElement.dataset.identity)).toBeUndefined();
    expect(await fresh.locator('[data-identity-logo]').count()).toBe(0);
    expect(
      await fresh.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-brand').trim()),
    ).not.toBe(matrixBrand);
  });

  it('leaves the personality landing (types) to its own screen', async () => {
    const page = await b.newPage();
    await page.goto('/landing_page/types/IQB-1799?hl=en');
    await page.locator('h1').waitFor();
    expect(await page.locator('.identity-hero').count()).toBe(0);
  });
});
