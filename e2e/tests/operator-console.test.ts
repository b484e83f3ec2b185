import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { advanceServerClock, describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { buyViaApi, expectHeading, finishTestViaApi, latestMail } from '../support/checkout';
import { codeFor, operatorCreate, printedLink } from '../support/operator';
import { startSession } from '../support/test-taker';

async function openTab(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

describeBrowser('the operator console', () => {
  const b = useBrowser();
  /** The operator's browser, signed in with the second factor by the first test; the others act in it. */
  let page: Page;

  it('an operator made from the shell signs in with the printed link and sets up a second factor', async () => {
    const email = `operator-${Date.now()}@example.com`;
    const printed = await operatorCreate(email);
    expect(printed).toContain(`${email} is now an operator.`);
    const link = printedLink(printed);

    // A visitor who is not an operator is refused, in words.
    const visitor = await b.newPage();
    await visitor.goto('/console/IQB-1799');
    await expectHeading(visitor, 'Operator console');
    await visitor.getByText('Please log in to continue.').waitFor();
    await expectAccessible(visitor, 'console, signed out');

    // The printed link signs in (and asks for a password, like any account made without one).
    page = await b.newPage({ keep: true });
    await page.goto(link);
    await expectHeading(page, 'Set your password');
    await page.getByLabel(/^New password/).fill('an operator passphrase');
    await page.getByLabel('Confirm new password').fill('an operator passphrase');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText(/Your password has been changed/).waitFor();

    // First visit: set up the authenticator, confirm a code, the console opens.
    await page.goto('/console/IQB-1799');
    await expectHeading(page, 'Second factor');
    await page.getByRole('button', { name: 'Show the secret' }).click();
    await page.getByRole('img', { name: 'QR code of the authenticator secret' }).waitFor();
    await expectAccessible(page, 'second factor enrolment');
    const secret = (await page.locator('.console__secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Confirm the code' }).click();
    await page.getByText(/That code is not right/).waitFor();
    await page.getByLabel('Code from the app').fill(await codeFor(secret));
    await page.getByRole('button', { name: 'Confirm the code' }).press('Enter');
    await expectHeading(page, 'Operator console');
    await page.getByRole('heading', { level: 2, name: 'Orders' }).waitFor();
    await expectAccessible(page, 'console orders');
  }, 120_000);

  it('a promo code made in the console lowers a visitor’s price at once; a refund closes the report', async () => {
    await openTab(page, 'Promo codes');
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    await page.getByLabel(/^Code/).fill(code.toLowerCase());
    await page.getByLabel('Discount (%)').fill('20');
    await page.getByRole('button', { name: 'Create the code' }).click();
    await page.getByText(`${code} works from now on.`).waitFor();
    await page
      .getByRole('row', { name: new RegExp(code) })
      .getByText('Active')
      .waitFor();
    await expectAccessible(page, 'console promo codes');

    const buyer = await b.newPage();
    const buyerEmail = `refund-${Date.now()}@example.com`;
    const promoOrder = await finishTestViaApi(buyer, 'en', buyerEmail);
    await buyer.goto(`/paying/scheme/IQB-1799?order=${promoOrder}`);
    const promo = buyer.locator('.promo-form');
    await promo.getByLabel('Promo code').fill(code.toLowerCase());
    await promo.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => buyer.getByText(`Code ${code} applied: 20% off`).count()).toBe(1);
    await expect.poll(() => buyer.locator('.sku-card[data-sku="sku2"]').textContent()).toContain('$11.99');

    // The buyer pays; the operator finds the order by address, refunds it and closes the report.
    await buyViaApi(buyer, promoOrder, buyerEmail);
    const before = await buyer.request.get(`/api/exam/order/info/${promoOrder}`);
    expect(before.status()).toBe(200);
    await openTab(page, 'Orders');
    await page.getByLabel('Order number or e-mail').fill(buyerEmail.slice(0, 12));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: promoOrder }).click();
    await page.getByRole('heading', { level: 2, name: `Order ${promoOrder}` }).waitFor();
    await expectAccessible(page, 'order story');
    await page.getByRole('button', { name: 'Refund this order…' }).click();
    await page.getByRole('button', { name: 'Yes, refund the whole payment' }).click();
    await page.getByText('Refunded at the payment provider.').waitFor();
    await expect.poll(() => page.locator('.console__facts').textContent()).toContain('Refunded, report closed');
    const after = await buyer.request.get(`/api/exam/order/info/${promoOrder}`);
    expect(after.status()).toBe(402);
  });

  it('a review the operator approves then shows on the report choice, with the reply', async () => {
    const buyer = await b.newPage();
    const email = `reviewed-${Date.now()}@example.com`;
    const order = await finishTestViaApi(buyer, 'en', email);
    await buyViaApi(buyer, order, email);
    const text = `Approved in the console ${Date.now().toString(36)}.`;
    const sent = await buyer.request.post('/api/exam/review/submit', {
      data: { orderNumber: order, rating: 5, content: text, hl: 'en' },
    });
    expect(sent.status(), await sent.text()).toBe(200);

    await openTab(page, 'Reviews');
    const card = page.locator('.console__ticket', { hasText: text });
    await card.getByLabel('Your public reply').fill('Thank you for the kind words.');
    await card.getByRole('button', { name: 'Save the reply' }).click();
    await card.getByText('The reply is saved.').waitFor();
    await expectAccessible(page, 'console reviews');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.locator('.console__ticket', { hasText: text }).count()).toBe(0);

    // A new visitor's report choice shows it, with the operator's reply.
    const visitor = await b.newPage();
    const next = await finishTestViaApi(visitor, 'en', `chooser-${Date.now()}@example.com`);
    await visitor.goto(`/paying/scheme/IQB-1799?order=${next}`);
    await visitor.getByText(text).waitFor();
    await visitor.getByText('Thank you for the kind words.').waitFor();
  });

  it('the funnel shows charts, its table and a CSV file; subscriptions are found by address', async () => {
    // A visit that begins at a landing: its test counts under that landing, not only its page views.
    const visitor = await b.newPage();
    const start = visitor.waitForRequest((r) => r.url().includes('/api/exam/session/start/') && r.method() === 'POST');
    await startSession(visitor, 'en');
    expect((await start).postDataJSON()).toMatchObject({ variant: 'test_center' });
    const serverDay = new Date(await advanceServerClock()).toISOString().slice(0, 10);

    await openTab(page, 'Funnel');
    await page.getByLabel('From').fill(serverDay);
    await page.getByLabel('Until').fill(serverDay);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByLabel('Landing variant', { exact: true }).selectOption('test_center');
    await page.getByLabel('Language', { exact: true }).selectOption('en');
    const table = page.getByRole('table', { name: 'Every number, per day, landing variant and language' });
    await table.waitFor();
    const columns = await table.locator('thead th').allTextContents();
    const row = table.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: serverDay }) });
    const cells = await row.locator('th, td').allTextContents();
    expect(cells[columns.indexOf('Landing variant')]).toBe('test_center');
    expect(Number(cells[columns.indexOf('Tests started')])).toBeGreaterThanOrEqual(1);
    // "No landing" keeps only the records of visits that began elsewhere.
    await page.getByLabel('Landing variant', { exact: true }).selectOption({ label: 'No landing (—)' });
    expect(await table.locator('tbody td', { hasText: 'test_center' }).count()).toBe(0);
    await page.getByLabel('Landing variant', { exact: true }).selectOption('');
    expect(await page.getByRole('img', { name: /^Chart of Page views, Tests started/ }).count()).toBe(1);
    const headers = await page.locator('.console__table thead th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Page views', 'Tests started', 'Orders', 'Payments']));
    await expectAccessible(page, 'console funnel');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^funnel-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(file, 'utf8')).split('\r\n')[0]).toMatch(/^day,variant,language,pageViews,testsStarted/);

    await openTab(page, 'Subscriptions');
    await page.getByLabel("Subscriber's e-mail").fill('nobody-subscribed@example.com');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No subscription for this address.').waitFor();
    await expectAccessible(page, 'console subscriptions');
  });

  it('a support message answered from the console arrives by e-mail; every action is in the audit log', async () => {
    const visitor = await b.newPage();
    const asker = `asker-${Date.now()}@example.com`;
    await visitor.goto('/support/IQB-1799');
    await visitor.getByLabel(/Your name/).fill('Grace');
    await visitor.getByLabel(/E-mail address/).fill(asker);
    await visitor.getByLabel(/^Message/).fill('I paid but cannot find my report.');
    await visitor.getByRole('button', { name: 'Send message' }).click();
    await latestMail(visitor, asker, /We received your message/);
    await openTab(page, 'Support');
    const ticket = page.locator('.console__ticket', { hasText: asker });
    await ticket.getByLabel('Your answer').fill('Your report link is on its way again.');
    await ticket.getByRole('button', { name: 'Send the answer' }).click();
    await ticket.getByText('The answer is on its way.').waitFor();
    const reply = await latestMail(visitor, asker, /Our answer to your message/);
    expect(reply.text).toContain('Your report link is on its way again.');
    await ticket.getByRole('button', { name: 'Mark done' }).click();
    await expect.poll(() => page.locator('.console__ticket', { hasText: asker }).count()).toBe(0);
    await expectAccessible(page, 'console support');

    // Every action is in the audit log.
    await openTab(page, 'Audit log');
    for (const action of [
      'promo.create',
      'order.refund',
      'order.close-access',
      'review.reply',
      'review.approve',
      'ticket.reply',
      'ticket.done',
    ])
      await page.getByRole('cell', { name: action, exact: true }).first().waitFor();
    await expectAccessible(page, 'audit log');
  });
});
