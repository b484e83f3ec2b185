import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { dbPath, describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { buyViaApi, expectHeading, finishTestViaApi, latestMail } from '../support/checkout';

/** The extras an order has paid for, read from the e2e server's database. */
function extraPayments(orderNumber: string): { package_id: string; status: string }[] {
  const db = new Database(dbPath(), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('select package_id, status from payments where order_number = ? and package_id is not null')
      .all(orderNumber) as { package_id: string; status: string }[];
  } finally {
    db.close();
  }
}

describeBrowser('extras after the first payment', () => {
  const b = useBrowser();

  it('answer analysis in one click (a double click charges once) unlocks the wrong-answer view; declining the rest leads to the report', async () => {
    const page = await b.newPage();
    const email = 'extras-e2e@example.com';
    const orderNumber = await finishTestViaApi(page, 'en', email);
    await buyViaApi(page, orderNumber, email, 'sku1');
    await page.goto(`/paying/success/IQB-1799?order=${orderNumber}`);
    await expectHeading(page, 'Payment successful');
    await page.getByRole('link', { name: 'See extras for your report' }).click();

    await expectHeading(page, 'Answer analysis');
    expect(await page.locator('.extras__step').textContent()).toBe('Step 1 of 5');
    expect(await page.locator('.extra-offer__method').textContent()).toContain('visa •••• 4242');
    expect(await page.getByRole('link', { name: 'Go to my report' }).count()).toBe(1);
    await expectAccessible(page, 'upsell step');
    await page.getByRole('button', { name: 'Add for $4.99' }).dblclick();
    await expect.poll(() => page.getByText('Added to your order.').count()).toBe(1);
    expect(extraPayments(orderNumber)).toEqual([{ package_id: 'answerAnalysis', status: 'succeeded' }]);
    await latestMail(page, email, /^Receipt: Answer analysis/);

    await page.getByRole('link', { name: 'Continue' }).click();
    await expectHeading(page, 'Certificate and sharing');
    for (const next of [
      'Advanced bundle: two tests and the training guide',
      'VIP membership (1 year)',
      'Give a test to someone',
    ]) {
      await page.getByRole('link', { name: 'No thanks' }).click();
      await expectHeading(page, next);
    }
    await page.getByRole('link', { name: 'No thanks' }).click();
    await expect.poll(() => page.url()).toContain('/report/result/IQB-1799');
    await page.locator('[data-testid="report-iq"]').waitFor();
    expect(extraPayments(orderNumber)).toHaveLength(1);

    await page.getByRole('link', { name: 'See every question, with the rules behind it' }).first().click();
    await expect.poll(() => page.url()).toContain('/report/wrong/IQB-1799');
    await page.locator('.question-picker').waitFor();
    await expectAccessible(page, 'wrong-answer view after buying it');
  });

  it('a tier without answer analysis offers it from the wrong-answer view; /payinsider lists what is left; declining every step leads to the report', async () => {
    const page = await b.newPage();
    const email = 'insider-e2e@example.com';
    const orderNumber = await finishTestViaApi(page, 'en', email);
    await buyViaApi(page, orderNumber, email, 'sku1');
    await page.goto(`/report/wrong/IQB-1799?order=${orderNumber}`);
    await page.getByRole('link', { name: 'Add the answer analysis' }).click();
    await expectHeading(page, 'Answer analysis');
    await page.goto(`/payinsider/IQB-1799?order=${orderNumber}`);
    await expectHeading(page, 'Add to your report');
    expect(await page.locator('.extra-offer').count()).toBe(5);
    await expectAccessible(page, 'in-report purchase screen');
    await page.goto(`/triplePurchase/IQB-1799?order=${orderNumber}`);
    await expectHeading(page, 'Advanced bundle: two tests and the training guide');

    // Declining every step: five "No thanks", then the report, and nothing charged.
    await page.goto(`/paying/package/IQB-1799?order=${orderNumber}`);
    for (let i = 0; i < 5; i++) {
      await page.locator('.extras__step').waitFor();
      await page.getByRole('link', { name: 'No thanks' }).click();
    }
    await expect.poll(() => page.url()).toContain('/report/result/IQB-1799');
    await page.locator('[data-testid="report-iq"]').waitFor();
    expect(extraPayments(orderNumber)).toEqual([]);
  });

  it('a Complete report shows its extras at the member price, the regular price struck through, and charges that', async () => {
    const page = await b.newPage();
    const email = 'member-e2e@example.com';
    const orderNumber = await finishTestViaApi(page, 'en', email);
    await buyViaApi(page, orderNumber, email, 'sku4');
    await page.goto(`/payinsider/IQB-1799?order=${orderNumber}`);
    await expectHeading(page, 'Add to your report');
    const vip = page.locator('.extra-offer[data-package="vip"]');
    await expect.poll(() => vip.locator('.extra-offer__member').textContent()).toBe('Member price: 20% off');
    expect(await vip.locator('s').textContent()).toBe('Regular price: $19.99');
    await expectAccessible(page, 'extras at the member price');
    await vip.getByRole('button', { name: 'Add for $15.99' }).click();
    await expect.poll(() => page.getByText('You have become a prestigious member').count()).toBe(1);
    expect(extraPayments(orderNumber)).toEqual([{ package_id: 'vip', status: 'succeeded' }]);
  });
});
