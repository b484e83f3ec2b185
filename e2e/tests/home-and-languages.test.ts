import { LOCALES } from '@mindgauge/contract';
import { loadAllResources } from '@mindgauge/locales/node';
import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser, waitUntilReady } from '../support/browser';

const resources = loadAllResources();
const homeTitle = (l: (typeof LOCALES)[number]) => (resources[l].common as { home: { title: string } }).home.title;

describeBrowser('home page in nine languages', () => {
  const b = useBrowser();

  for (const locale of LOCALES) {
    it(`renders in ${locale}: translated heading, lang attribute, accessible`, async () => {
      const page = await b.newPage();
      await page.goto(`/?hl=${locale}`);
      await expect.poll(() => page.locator('h1').textContent()).toBe(homeTitle(locale));
      expect(await page.getAttribute('html', 'lang')).toBe(locale);
      // Exams come from the API, in the same language.
      await expect.poll(() => page.locator('.exam-card').count()).toBe(2);
      await expectAccessible(page, `home ${locale}`);
    });
  }

  it('maps zh-TW to Traditional Chinese (zh-HK)', async () => {
    const page = await b.newPage();
    await page.goto('/?hl=zh-TW');
    await expect.poll(() => page.locator('h1').textContent()).toBe(homeTitle('zh-HK'));
    expect(await page.getAttribute('html', 'lang')).toBe('zh-HK');
  });

  it('switches language from the header and remembers it', async () => {
    const page = await b.newPage();
    await page.goto('/');
    await expect.poll(() => page.locator('h1').textContent()).toBe(homeTitle('en'));
    await waitUntilReady(page);
    const picker = page.getByLabel('Choose your language');
    await picker.focus();
    await picker.selectOption('de');
    await expect.poll(() => page.locator('h1').textContent()).toBe(homeTitle('de'));
    // The texts switch first; the URL follows when the router's navigation (the page's loader: the exam list
    // in German, not fetched yet on a hydrated page) completes.
    await expect.poll(() => new URL(page.url()).searchParams.get('hl')).toBe('de');
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    // Focus stays on the language picker rather than jumping to the heading.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    const cookies = await page.context().cookies();
    const cookie = cookies.find((c) => c.name === 'IQ-locale');
    expect(cookie?.value).toBe('de');
    // About 365 days.
    expect(Math.round(((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000)).toBe(365);
    // A later visit without hl comes back in German.
    await page.goto('/');
    await expect.poll(() => page.locator('h1').textContent()).toBe(homeTitle('de'));
  });

  it('the phone menu opens and closes with the keyboard; the skip link reaches main', async () => {
    const page = await b.newPage();
    await page.goto('/');
    await page.locator('h1').waitFor();
    await waitUntilReady(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(false);
  });

  it('records a page view and issues a log id kept in storage and a cookie', async () => {
    const page = await b.newPage();
    // Waits on the events themselves (the page view's request, the log id's response), not on a 1 s poll:
    // under load the first view could take longer than a poll's default and the test failed for it.
    const view = page.waitForRequest((r) => r.url().includes('/api/app/v2/view'));
    const issued = page.waitForResponse((r) => r.url().includes('/api/app/v2/generate/logid'));
    await page.goto('/?hl=fr');
    expect((await view).url()).toContain('hl=fr');
    expect((await issued).status()).toBe(200);
    // The page stores the issued id once it has read the response: wait for that state in the page.
    await page.waitForFunction(() => /(^|; )IQ-logid=[a-f0-9]{32}/.test(document.cookie));
    expect((await page.context().cookies()).find((c) => c.name === 'IQ-logid')?.value ?? '').toMatch(/^[a-f0-9]{32}$/);
    expect(await page.evaluate(() => sessionStorage.getItem('IQ-logid'))).toMatch(/[a-f0-9]{32}/);
    // The app state of section 3 lives in session storage under an IQ- key.
    await expect
      .poll(
        async () =>
          JSON.parse((await page.evaluate(() => sessionStorage.getItem('IQ-app-state'))) ?? '{}').state?.languageList
            ?.length,
      )
      .toBe(9);
    const state = JSON.parse((await page.evaluate(() => sessionStorage.getItem('IQ-app-state'))) ?? '{}').state;
    expect(state).toMatchObject({ locale: 'fr', appCode: 'IQB', appExamId: 1799 });
  });
});
