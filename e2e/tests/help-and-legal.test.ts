import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';

describeBrowser('help centre, support and legal documents', () => {
  const b = useBrowser();

  it('browses from the help centre to an article and back; the alias serves the same article', async () => {
    const page = await b.newPage();
    await page.goto('/help/IQB-1799?hl=en');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Help centre');
    for (const section of ['Subscription management', 'Billing and payments', 'Legal and privacy', 'Contact']) {
      expect(await page.getByRole('heading', { name: section }).count()).toBe(1);
    }
    await expectAccessible(page, 'help centre');

    await page.getByRole('link', { name: /How to cancel a plan/ }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('How to cancel a plan');
    expect(page.url()).toMatch(/\/helpDetail\/IQB-1799\?(.*&)?id=\d+/);
    expect(await page.locator('.rich-text h2').count()).toBeGreaterThan(1);
    // Focus moved to the new page's heading for screen readers.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expectAccessible(page, 'help detail');

    // The subscription-management article leads to the cancellation page.
    const id = new URL(page.url()).searchParams.get('id');
    await page.getByRole('link', { name: 'cancellation page' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Cancel your subscription');

    await page.goto(`/help-detail/IQB-1799?id=${id}&hl=ko`);
    await expect.poll(() => page.locator('h1').textContent()).not.toBe('How to cancel a plan');
    expect(await page.getAttribute('html', 'lang')).toBe('ko');

    await page.getByRole('link', { name: /←/ }).click();
    await expect.poll(() => page.url()).toMatch(/\/help\/IQB-1799/);
  });

  it('filters articles by search', async () => {
    const page = await b.newPage();
    await page.goto('/help/IQB-1799');
    await page.getByLabel('Search the help centre').fill('refund');
    await expect.poll(() => page.locator('.help-article-link').count()).toBe(1);
    await page.getByLabel('Search the help centre').fill('zzzz-nothing');
    await expect.poll(() => page.locator('.empty-state').textContent()).toContain('zzzz-nothing');
  });

  it('reads the terms and the privacy policy in the chosen language', async () => {
    const page = await b.newPage();
    await page.goto('/protocol/terms/IQB-1799?hl=es');
    const title = await page.locator('h1').textContent();
    expect(title).toBeTruthy();
    expect(title).not.toBe('Terms of service');
    expect(await page.locator('.rich-text h2').count()).toBeGreaterThanOrEqual(10);
    await expectAccessible(page, 'terms');
    await page.locator('.related a').click();
    await expect.poll(() => page.url()).toMatch(/\/protocol\/privacy\/IQB-1799/);
    await expectAccessible(page, 'privacy');
  });

  it('sends a support message, validates it first, and the acknowledgement arrives in the mailbox', async () => {
    const page = await b.newPage();
    await page.goto('/support/IQB-1799?hl=en');
    await page.getByRole('button', { name: 'Send message' }).click();
    expect(await page.getByText('Please input name').count()).toBe(1);
    expect(await page.getByText('Please input email address').count()).toBe(1);
    // The first invalid field receives focus.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('name');
    await expectAccessible(page, 'support with errors');

    await page.getByLabel(/Your name/).fill('Grace');
    await page.getByLabel(/E-mail address/).fill('grace@');
    await page.getByRole('button', { name: 'Send message' }).click();
    expect(await page.getByText('Please input correct email address').count()).toBe(1);
    await page.getByLabel(/E-mail address/).fill('grace@example.com');
    await page.getByLabel('Topic').selectOption('billing');
    await page.getByLabel(/^Message/).fill('I was charged twice for one report.');
    await page.getByRole('button', { name: 'Send message' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Your reference is' });
    await expect.poll(() => status.count()).toBe(1);
    const ticket = /T-[A-Za-z0-9_-]{22}/.exec((await status.textContent()) ?? '')?.[0];
    expect(ticket).toBeDefined();
    await expectAccessible(page, 'support sent');

    await expect
      .poll(async () => {
        const list = (await (await page.request.get('/dev/mailbox/messages.json')).json()) as {
          to: string;
          subject: string;
        }[];
        return list.find((m) => m.to === 'grace@example.com')?.subject ?? '';
      })
      .toContain(ticket);
  });
});
