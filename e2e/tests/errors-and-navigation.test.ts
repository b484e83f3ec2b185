import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';

describeBrowser('404, error and network screens; kept query parameters', () => {
  const b = useBrowser();

  for (const path of [
    '/nope/IQB-1799',
    '/help/iqb-1799',
    '/help/IQB',
    '/help/IQB-4242',
    '/helpDetail/IQB-1799?id=abc',
    '/protocol/cookies/IQB-1799',
    '/landing_page/purple/IQB-1799',
    '/landing_page/test_center/IQB-4242',
    '/report/result/IQB-1799',
  ]) {
    it(`shows "Page Not Found" and the path for ${path}`, async () => {
      const page = await b.newPage();
      await page.goto(path);
      const heading = page.locator('h1');
      await expect.poll(() => heading.textContent()).toContain('Page Not Found');
      expect(await heading.textContent()).toContain(path.split('?')[0]);
    });
  }

  it('the 404 page is accessible and "Go back home" keeps the query', async () => {
    const page = await b.newPage();
    await page.goto('/nope/IQB-1799?hl=fr&gclid=g123');
    await expectAccessible(page, '404');
    await page.locator('.status-screen a').click();
    // Back to the landing page of the stored exam, with the kept query.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/landing_page/test_center/IQB-1799');
    const params = new URL(page.url()).searchParams;
    expect(params.get('gclid')).toBe('g123');
    expect(params.get('hl')).toBe('fr');
  });

  it('keeps tracking parameters across navigation', async () => {
    const page = await b.newPage();
    await page.goto('/?fbclid=fb1&ttclid=tt1&utm_source=dropped');
    await page.getByRole('link', { name: 'Visit the help centre' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/help/IQB-1799');
    const params = new URL(page.url()).searchParams;
    expect(params.get('fbclid')).toBe('fb1');
    expect(params.get('ttclid')).toBe('tt1');
    expect(params.get('utm_source')).toBeNull();
  });

  it('shows the network-unstable screen when the server cannot be reached, and recovers', async () => {
    const page = await b.newPage();
    await page.goto('/');
    await expect.poll(() => page.locator('.exam-card').count()).toBe(2);
    await page.route('**/api/app/help/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'Visit the help centre' }).click();
    await expect
      .poll(() => page.locator('h1').textContent(), { timeout: 15_000 })
      .toBe('Your connection seems unstable');
    await expectAccessible(page, 'network unstable');
    await page.unroute('**/api/app/help/**');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Help centre');
  });

  it('shows the error page with the status code when the server fails', async () => {
    const page = await b.newPage();
    await page.route('**/api/app/help/list/**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ result: 50300, code: 'SERVICE_UNAVAILABLE', message: 'x' }),
      }),
    );
    await page.goto('/help/IQB-1799');
    await expect.poll(() => page.locator('.status-screen__status').textContent()).toBe('Error 503');
    expect(await page.getByRole('link', { name: 'Go back home' }).count()).toBe(1);
    await expectAccessible(page, 'error page');
  });

  it('scrolls to the top on navigation, or to the hash target', async () => {
    const page = await b.newPage();
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('link', { name: 'Visit the help centre' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Help centre');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goto('/#how');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  });
});
