import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { buyViaApi, finishTestViaApi, latestMail } from '../support/checkout';

describeBrowser('retrieving a report by e-mail', () => {
  const b = useBrowser();

  it('sends the links to the address, and the link opens the report in a fresh browser; a changed link is refused', async () => {
    const page = await b.newPage();
    const email = `retrieve-${Date.now()}@example.com`;
    const orderNumber = await finishTestViaApi(page, 'en', email);
    await buyViaApi(page, orderNumber, email);
    const owner = (await (await page.request.get(`/api/exam/order/info/${orderNumber}`)).json()).data.result;

    await page.goto('/retrieve/IQB-1799');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Retrieve your report');
    await expectAccessible(page, 'retrieve report');
    await page.getByLabel(/E-mail address/).fill('');
    await page.getByRole('button', { name: 'Send my reports' }).click();
    expect(await page.getByText('Please input email address').count()).toBe(1);

    await page.getByLabel(/E-mail address/).fill('no-reports@example.com');
    await page.getByRole('button', { name: 'Send my reports' }).click();
    await expect.poll(() => page.getByText('Report sending failed').count()).toBe(1);
    expect(await page.getByText('There are no retrievable reports in the current mailbox.').count()).toBe(1);

    await page.getByLabel(/E-mail address/).fill(email);
    await page.getByRole('button', { name: 'Send my reports' }).click();
    await expect.poll(() => page.getByText('Report sent successfully').count()).toBe(1);
    await expectAccessible(page, 'retrieve report, sent');

    const mail = await latestMail(page, email, /reports/i);
    const link = /https?:\/\/\S+\/report\/result\/IQB-1799\?\S+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();

    // A fresh browser: no session cookie, only the link.
    const fresh = await b.newPage();
    await fresh.goto(link as string);
    await fresh.locator('[data-testid="report-iq"]').waitFor();
    expect(await fresh.locator('[data-testid="report-iq"]').textContent()).toBe(String(owner.iq));
    expect(await fresh.locator('[data-testid="report-range"]').textContent()).toContain(
      `${owner.rangeLow} to ${owner.rangeHigh}`,
    );

    const changed = new URL(link as string);
    changed.searchParams.set('token', `${changed.searchParams.get('token')?.slice(0, -3)}abc`);
    const other = await b.newPage();
    await other.goto(changed.toString());
    await expect.poll(() => other.locator('h1').textContent()).toBe('This link has expired');
    expect(await other.locator('[data-testid="report-iq"]').count()).toBe(0);
    await expectAccessible(other, 'report link refused');
  });
});
