import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { expectHeading, finishTestViaApi } from '../support/checkout';
import { codeFor, operatorLink } from '../support/operator';

/** Poland: a country no other browser test prices, so changing its prices disturbs none of them. */
const COUNTRY = 'PL';

/** The price the report choice shows an order for the standard tier in Poland (showing it starts the offer). */
async function shownPrice(page: Page, order: string): Promise<{ amount: number; currency: string }> {
  const res = await page.request.get(`/api/exam/sku/info/1799/sku2/${COUNTRY}/en?order=${order}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data.sku.price;
}

/** Starts the payment of the standard tier in Poland at a shown price; the server answers what it charges. */
function pay(page: Page, order: string, email: string, price: { amount: number; currency: string }) {
  return page.request.post('/api-pay/pay/order/create', {
    data: {
      orderNumber: order,
      skuId: 'sku2',
      country: COUNTRY,
      method: 'card',
      email,
      promoCode: null,
      checkoutKey: `e2e_cat_${order.slice(3, 20)}`,
      shownAmount: price.amount,
      shownCurrency: price.currency,
      consent: { terms: true, termsVersion: '1' },
      hl: 'en',
    },
  });
}

describeBrowser('the console catalogue', () => {
  const b = useBrowser();

  it('an operator changes a price for a country: the preview and new visitors see it, an earlier order pays the old one', async () => {
    // A visitor from Poland is shown the prices before the change (their order keeps them).
    const earlier = await b.newPage();
    const earlierEmail = `catalogue-before-${Date.now()}@example.com`;
    const earlierOrder = await finishTestViaApi(earlier, 'en', earlierEmail);
    const oldPrice = await shownPrice(earlier, earlierOrder);
    expect(oldPrice).toMatchObject({ amount: 5999, currency: 'PLN' });

    // The operator signs in (the printed link, a password, the second factor) and opens the catalogue.
    const page = await b.newPage({ width: 1280, height: 900 });
    await page.goto(await operatorLink(`catalogue-operator-${Date.now()}@example.com`));
    await expectHeading(page, 'Set your password');
    await page.getByLabel(/^New password/).fill('a catalogue passphrase');
    await page.getByLabel('Confirm new password').fill('a catalogue passphrase');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText(/Your password has been changed/).waitFor();
    await page.goto('/console/IQB-1799?tab=catalogue');
    await page.getByRole('button', { name: 'Show the secret' }).click();
    const secret = (await page.locator('.console__secret').textContent())?.trim() ?? '';
    await page.getByLabel('Code from the app').fill(await codeFor(secret));
    await page.getByRole('button', { name: 'Confirm the code' }).click();
    await page.getByRole('heading', { level: 2, name: 'Catalogue' }).waitFor();

    await page.getByLabel('Country').selectOption(COUNTRY);
    await page.getByRole('heading', { name: `Report prices in ${COUNTRY}` }).waitFor();
    const previewRow = page.getByTestId('catalogue-preview').locator('tr[data-sku="sku2"]');
    await expect.poll(() => previewRow.locator('td[data-col="after"]').textContent()).toBe('119,99 zł');
    await expectAccessible(page, 'console catalogue');

    await page.getByLabel('Tier').selectOption('sku2');
    await page.getByLabel(/^List price/).fill('129.99');
    await page.getByLabel(/^Offer price/).fill('139,99');
    await page.getByRole('button', { name: 'Save the price' }).click();
    await page.getByRole('alert').getByText('The offer price cannot be higher than the list price.').waitFor();
    await page.getByLabel(/^Offer price/).fill('64.99');
    await page.getByRole('button', { name: 'Save the price' }).click();
    await page.getByText(`in ${COUNTRY} now costs 129,99 zł, 64,99 zł during the offer, for new orders.`).waitFor();
    // The preview (the visitor's own pricing) shows the new prices, during the offer and after it.
    await expect.poll(() => previewRow.locator('td[data-col="after"]').textContent()).toBe('129,99 zł');
    await expect.poll(() => previewRow.locator('td[data-col="during"]').textContent()).toContain('64,99 zł');
    // A plan's price, with its trial's (the trial price above the period's is refused first).
    await page.getByLabel('Plan', { exact: true }).selectOption('weekly');
    await page.getByLabel(/^Price each period/).fill('89.99');
    await page.getByLabel(/^Trial price/).fill('99.99');
    await page.getByRole('button', { name: 'Save the plan price' }).click();
    await page.getByRole('alert').getByText("The trial price cannot be higher than the plan's price.").waitFor();
    await page.getByLabel(/^Trial price/).fill('8.99');
    await page.getByRole('button', { name: 'Save the plan price' }).click();
    await page.getByText(`Saved: weekly in ${COUNTRY} now costs 89,99 zł each period for new orders.`).waitFor();
    await expectAccessible(page, 'console catalogue after a change');

    // A new visitor from Poland sees the new price on the report choice.
    const visitor = await b.newPage();
    const order = await finishTestViaApi(visitor, 'en', `catalogue-after-${Date.now()}@example.com`);
    await visitor.goto(`/paying/scheme/IQB-1799?order=${order}`);
    await visitor.getByLabel('Prices for').selectOption(COUNTRY);
    await expect
      .poll(() => visitor.locator('.sku-card[data-sku="sku2"] .sku-card__amount').textContent())
      .toContain('64,99 zł');
    await expect
      .poll(() => visitor.locator('.sku-card[data-sku="sku2"] .sku-card__list-price').textContent())
      .toContain('129,99 zł');

    // The order made before the change is still shown, and pays, the price it was shown.
    expect(await shownPrice(earlier, earlierOrder)).toEqual(oldPrice);
    const paid = await pay(earlier, earlierOrder, earlierEmail, oldPrice);
    expect(paid.status(), await paid.text()).toBe(200);
    expect((await paid.json()).data.payment).toMatchObject({ amount: 5999, currency: 'PLN' });
  }, 180_000);
});
