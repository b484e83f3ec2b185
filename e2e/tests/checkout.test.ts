import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import {
  expectHeading,
  finishTestViaApi,
  latestMail,
  payWithCard,
  pressFrameButton,
  recordRequests,
} from '../support/checkout';

const CARD_DATA = [
  '4242424242424242',
  '4242 4242 4242 4242',
  '4000000000000002',
  '4000 0000 0000 0002',
  '12/34',
  'cvc=123',
];

describeBrowser('checkout', () => {
  const b = useBrowser();

  it('sku2 with the 4242 card: terms and method checks, frame payment, success countdown, the report; no card data reaches our endpoints', async () => {
    const page = await b.newPage();
    // The page's clock, so the success page's ten-second countdown can be run through at once.
    await page.clock.install();
    const requests = recordRequests(page);
    const orderNumber = await finishTestViaApi(page, 'en');
    await page.goto(`/answer/submit/IQB-1799?order=${orderNumber}`);
    await page.getByRole('link', { name: /Choose/ }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Choose your report');
    await page.locator('.offer-banner').waitFor();
    await expectAccessible(page, 'report selection');

    await page.locator('.sku-card[data-sku="sku2"]').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await page.getByText('Please check "I have read and agree to the terms" to proceed').count()).toBe(1);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('checkbox');
    await page.getByRole('checkbox', { name: /I have read and agree to the terms/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => page.locator('h1').textContent()).toBe('Payment');
    await expectAccessible(page, 'payment');
    await page.locator('.pay-button').click();
    expect(await page.getByText('Please select your payment method.').count()).toBe(1);
    await page.getByRole('radio', { name: /card/i }).check();
    const payLabel = await page.locator('.pay-button').textContent();
    expect(payLabel).toContain('$14.99');
    await page.locator('.pay-button').click();
    await page.locator('iframe.sandbox-frame').waitFor();
    expect(await page.locator('iframe.sandbox-frame').getAttribute('sandbox')).toBe('allow-scripts allow-forms');
    await payWithCard(page, '4242 4242 4242 4242');

    await expectHeading(page, 'Payment successful');
    expect(await page.getByText('Your report has been generated and sent to buyer@example.com').count()).toBe(1);
    await expectAccessible(page, 'payment success');
    await page.clock.runFor(10_000);
    await expect.poll(() => page.url(), { timeout: 15_000 }).toContain('/report/result/IQB-1799');
    await page.locator('[data-testid="report-iq"]').waitFor();
    const api = (await (await page.request.get(`/api/exam/order/info/${orderNumber}`)).json()).data.result;
    expect(await page.locator('[data-testid="report-iq"]').textContent()).toBe(String(api.iq));
    expect(await page.locator('[data-testid="report-range"]').textContent()).toContain(
      `${api.rangeLow} to ${api.rangeHigh}`,
    );
    expect(await page.locator('[data-testid="report-class"]').textContent()).toContain(api.className);
    // No trusted country header on this server: the report says so instead of inventing a comparison.
    expect(await page.getByTestId('ranking-country').textContent()).toContain('We do not know which country');
    await expectAccessible(page, 'report');

    // Tabs: from the keyboard, the arrow moves to Dimensions; the five measures with their levels and sources.
    await page.getByRole('tab', { name: 'Overview' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'Dimensions' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Dimensions');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('dimensions');
    await expect.poll(() => page.locator('.dimension').count()).toBe(5);
    for (const d of api.dimensions as { id: string; score: number; levelName: string }[]) {
      const card = page.locator(`.dimension[data-dimension="${d.id}"]`);
      expect(await card.textContent()).toContain(`Score ${d.score}`);
      expect(await card.textContent()).toContain(d.levelName);
      expect(await card.textContent()).toContain('Measured from:');
    }
    await expectAccessible(page, 'report dimensions');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.locator('[data-testid="report-iq"]').waitFor();

    // Card data went to the sandbox processor's frame endpoint only, never to the application's endpoints.
    const carrying = requests.filter((r) =>
      CARD_DATA.some((c) => r.body.includes(c) || r.body.includes(encodeURIComponent(c))),
    );
    expect(carrying.length).toBeGreaterThan(0);
    for (const r of carrying) expect(new URL(r.url).pathname).toMatch(/^\/sandbox-processor\/pay\/[^/]+\/confirm$/);
    for (const r of requests.filter((r) => /\/api(-pay)?\//.test(r.url))) {
      for (const c of CARD_DATA) expect(r.body).not.toContain(c);
    }

    // The report e-mail, with its own link, is in the local mailbox.
    await expect
      .poll(async () => {
        const box = await (await page.request.get('/dev/mailbox/messages.json')).json();
        return JSON.stringify(box).includes(orderNumber);
      })
      .toBe(true);
  });

  it('the declined card goes to the failure page, then PayPal succeeds and the report’s link goes to a second address; the 3-D Secure card asks for confirmation', async () => {
    const page = await b.newPage();
    const orderNumber = await finishTestViaApi(page, 'en');
    await page.goto(`/paying/scheme/IQB-1799?order=${orderNumber}`);
    await page.locator('.sku-card[data-sku="sku1"]').click();
    await page.getByRole('checkbox', { name: /I have read and agree to the terms/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: /card/i }).check();
    await page.locator('.pay-button').click();
    await payWithCard(page, '4000 0000 0000 0002');
    await expectHeading(page, 'Payment failed');
    expect(await page.getByText('Your card was declined.').count()).toBe(1);
    expect(await page.getByText('Nothing was charged.').count()).toBe(1);
    await expectAccessible(page, 'payment failed');

    await page.getByRole('link', { name: 'Pay with another method' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Payment');
    expect(await page.getByRole('radio', { name: /PayPal/ }).isChecked()).toBe(true);
    await page.locator('.pay-button').click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toContain('/sandbox-processor/paypal/');
    await expectAccessible(page, 'PayPal sandbox approval');
    await page.getByRole('button', { name: 'Approve and pay' }).click();
    await expectHeading(page, 'Payment successful');
    const checkout = (await (await page.request.get(`/api/exam/order/sku/check/${orderNumber}`)).json()).data;
    expect(checkout.purchase).toMatchObject({ skuId: 'sku1', method: 'paypal' });

    // Save the report elsewhere: stay on the page, send its link to a second address, find it in the mailbox.
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await page.getByRole('textbox', { name: 'E-mail address' }).fill('second.address@example.com');
    await page.getByRole('button', { name: 'Send', exact: true }).press('Enter');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Report sent successfully' }).count()).toBe(1);
    const copy = await latestMail(page, 'second.address@example.com', /report/i);
    const link = copy.text.match(/https?:\/\/\S+token=\S+/)?.[0] ?? '';
    expect(link).toContain(orderNumber);

    // A new order: the 3-D Secure card.
    const second = await finishTestViaApi(page, 'en');
    await page.goto(`/paying/payment/IQB-1799?order=${second}&sku=sku3&method=card`);
    await page.locator('.pay-button').waitFor();
    if (await page.getByRole('checkbox', { name: /agree to the terms/ }).count())
      await page.getByRole('checkbox', { name: /agree to the terms/ }).check();
    await page.locator('.pay-button').click();
    await payWithCard(page, '4000 0025 0000 3155');
    const frame = page.frameLocator('iframe.sandbox-frame');
    await frame.getByRole('heading', { name: '3-D Secure confirmation' }).waitFor();
    await pressFrameButton(frame.getByRole('button', { name: 'Confirm the payment' }));
    await expectHeading(page, 'Payment successful');
  });

  it('a promo code: unknown, expired and valid codes each answer, and the valid one lowers the price', async () => {
    const page = await b.newPage();
    const orderNumber = await finishTestViaApi(page, 'en');
    await page.goto(`/paying/scheme/IQB-1799?order=${orderNumber}`);
    const promo = page.locator('.promo-form');
    await promo.getByLabel('Promo code').fill('NOPE');
    await promo.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => promo.getByText('This code does not exist.').count()).toBe(1);
    await promo.getByLabel('Promo code').fill('SPRING25');
    await promo.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => promo.getByText('This code has expired.').count()).toBe(1);
    const before = await page.locator('.sku-card[data-sku="sku2"]').textContent();
    expect(before).toContain('$14.99');
    await promo.getByLabel('Promo code').fill('welcome10');
    await promo.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByText('Code WELCOME10 applied: 10% off').count()).toBe(1);
    await expect.poll(() => page.locator('.sku-card[data-sku="sku2"]').textContent()).toContain('$13.49');
    await expectAccessible(page, 'promo applied');
  });

  it('shows prices in EUR with a decimal comma in French and in JPY without decimals in Japanese', async () => {
    const fr = await b.newPage({ locale: 'fr-FR' });
    const frOrder = await finishTestViaApi(fr, 'fr');
    await fr.goto(`/paying/scheme/IQB-1799?order=${frOrder}&hl=fr`);
    await fr.locator('.sku-card[data-sku="sku2"]').waitFor();
    expect(await fr.locator('.sku-card[data-sku="sku2"]').textContent()).toContain('13,99 €');
    expect(await fr.locator('.sku-card[data-sku="sku2"]').textContent()).toContain('27,99 €');
    await expectAccessible(fr, 'report selection in French');

    const ja = await b.newPage({ locale: 'ja-JP' });
    const jaOrder = await finishTestViaApi(ja, 'ja');
    await ja.goto(`/paying/scheme/IQB-1799?order=${jaOrder}&hl=ja`);
    await ja.locator('.sku-card[data-sku="sku2"]').waitFor();
    const text = await ja.locator('.sku-card[data-sku="sku2"]').textContent();
    expect(text).toContain('¥2,280');
    expect(text).not.toMatch(/¥2,280\.\d/);
  });
});
