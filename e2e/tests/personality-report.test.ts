import type { Locale } from '@mindgauge/contract';
import { PERSONALITY_ITEMS } from '@mindgauge/psychometrics';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { expectHeading, payWithCard, pressFrameButton } from '../support/checkout';
import { intjChoice, text } from '../support/personality';

async function answerPart(page: Page) {
  const fieldsets = page.locator('fieldset.likert');
  await expect.poll(() => fieldsets.count()).toBe(10);
  for (let i = 0; i < 10; i++) {
    const id = (await fieldsets.nth(i).getAttribute('id'))?.replace('statement-', '') ?? '';
    const index = PERSONALITY_ITEMS.findIndex((it) => it.id === id);
    await page.locator(`label[for="likert-${id}-${intjChoice(index)}"]`).click();
  }
}

/** From the home page's card through the questionnaire to the free result (INTJ). */
async function toResult(page: Page, locale: Locale) {
  await page.goto(`/?hl=${locale}`);
  await page.getByRole('link', { name: text(locale, 'common:home.ctaPersonality') }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/landing_page/types/MBT-1800');
  await page
    .getByRole('link', { name: text(locale, 'types:landing.start') })
    .first()
    .click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/personality/test/MBT-1800');
  for (let part = 1; part <= 4; part++) {
    await answerPart(page);
    const label = part < 4 ? 'personality-test:test.next' : 'personality-test:test.finish';
    await page.getByRole('button', { name: text(locale, label) }).click();
  }
  await expect.poll(() => new URL(page.url()).pathname).toBe('/personality/result/MBT-1800');
  await expect.poll(() => page.locator('.type-hero__code').textContent()).toBe('INTJ');
}

/** The tier choice opened from the result: the personality tiers in the page's language, never IQ wording. */
async function toTierChoice(page: Page, locale: Locale): Promise<string> {
  await page.getByRole('link', { name: text(locale, 'personality-test:result.fullCta') }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/paying/scheme/MBT-1800');
  await expect.poll(() => page.locator('h1').textContent()).toBe(text(locale, 'checkout:scheme.title'));
  const sku2 = page.locator('.sku-card[data-sku="sku2"]');
  await sku2.waitFor();
  expect(await sku2.textContent()).toContain(text(locale, 'personality-catalog:skus.sku2.title'));
  expect(await page.locator('.sku-card').count()).toBe(2);
  expect(await page.locator('.sku-card').allTextContents()).not.toContain(text(locale, 'catalog:skus.sku2.title'));
  await expectAccessible(page, `personality tiers ${locale}`);
  return new URL(page.url()).searchParams.get('order') ?? '';
}

/** The paid profile page: the type, the four axes explained, every part of the Full profile, the PDF. */
async function expectProfile(page: Page, locale: Locale, orderNumber: string) {
  // The success page opens the profile after its countdown (on the page's installed clock).
  await page.clock.runFor(10_000);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/personality/report/MBT-1800');
  await expect.poll(() => page.locator('.type-hero__code').textContent()).toBe('INTJ');
  const api = (await (await page.request.get(`/api/exam/personality/profile/${orderNumber}?hl=${locale}`)).json()).data;
  expect(await page.locator('.personality-profile__meanings li').count()).toBe(4);
  // The personal part: the reader's own answers behind each letter, and the type one letter away with its page.
  expect(await page.locator('.personality-profile__evidence').count()).toBe(4);
  await page.getByRole('link', { name: text(locale, 'personality-test:profile.nearestLink', api.nearest) }).waitFor();
  for (const part of [
    api.strengths,
    api.blindSpots,
    api.work,
    api.relationships,
    api.growth,
    api.axes[0].meaning,
    api.axes[0].toward[0].statement,
    api.nearest.text,
  ]) {
    expect(await page.getByText(part, { exact: false }).count(), part).toBeGreaterThan(0);
  }
  expect(await page.getByRole('button', { name: text(locale, 'personality-test:profile.download') }).count()).toBe(1);
  await expectAccessible(page, `personality profile ${locale}`);
}

/** Pays in the sandbox processor's frame, whose labels are in the payment's language. */
async function payInFrame(page: Page, locale: Locale) {
  const frame = page.frameLocator('iframe.sandbox-frame');
  await page.locator('iframe.sandbox-frame[data-sized]').waitFor();
  await frame.locator('body main form').waitFor();
  await frame.getByLabel(text(locale, 'processor:card.number')).fill('4242424242424242');
  await frame.getByLabel(text(locale, 'processor:card.expiry')).fill('12/34');
  await frame.getByLabel(text(locale, 'processor:card.cvc')).fill('123');
  await pressFrameButton(frame.locator('button[type="submit"]'));
}

describeBrowser('the paid personality report', () => {
  const b = useBrowser();

  it('en: home card, type, tier choice, card payment, success page, then the paid profile and its PDF', async () => {
    const page = await b.newPage();
    // The page's clock, so the success page's ten-second countdown to the profile can be run through at once.
    await page.clock.install();
    await toResult(page, 'en');
    await expectAccessible(page, 'personality result with the full-profile offer');
    const orderNumber = await toTierChoice(page, 'en');
    await page.locator('.sku-card[data-sku="sku2"]').click();
    await page.getByRole('checkbox', { name: /I have read and agree to the terms/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Payment');
    // The questionnaire asks no address: the payment page does, for the receipt and the profile's link.
    await page.getByRole('textbox', { name: /E-mail/ }).fill('typed.en@example.com');
    await page.getByRole('radio', { name: /card/i }).check();
    expect(await page.locator('.pay-button').textContent()).toContain('$14.99');
    await page.locator('.pay-button').click();
    await payWithCard(page, '4242 4242 4242 4242');
    await expectHeading(page, 'Payment successful');
    await expectProfile(page, 'en', orderNumber);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the PDF' }).click();
    expect((await download).suggestedFilename()).toBe(`${orderNumber}.pdf`);
  });

  it('ja: the same path in Japanese; an unpaid profile leads to the tiers, the paid one reads in Japanese', async () => {
    const page = await b.newPage({ locale: 'ja-JP' });
    // The page's clock, so the success page's ten-second countdown to the profile can be run through at once.
    await page.clock.install();
    await toResult(page, 'ja');
    const orderNumber = await toTierChoice(page, 'ja');
    expect(await page.locator('.sku-card[data-sku="sku2"]').textContent()).toContain('¥2,280');
    // Before payment the profile page says so and leads back to the tiers.
    await page.goto(`/personality/report/MBT-1800?order=${orderNumber}&hl=ja`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(text('ja', 'personality-test:profile.lockedTitle'));
    await expectAccessible(page, 'unpaid personality profile ja');
    await page.getByRole('link', { name: text('ja', 'personality-test:profile.lockedCta') }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/paying/scheme/MBT-1800');
    await page.locator('.sku-card[data-sku="sku2"]').click();
    await page.locator('.terms-consent input[type="checkbox"]').check();
    await page.getByRole('button', { name: text('ja', 'checkout:scheme.continue') }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(text('ja', 'checkout:payment.title'));
    await page.locator('input[name="email"]').fill('typed.ja@example.com');
    await page.locator('input[type="radio"][value="card"]').check();
    await page.locator('.pay-button').click();
    await payInFrame(page, 'ja');
    await expectHeading(page, text('ja', 'checkout:success.title'));
    await expectProfile(page, 'ja', orderNumber);
    expect(await page.locator('h1').textContent()).toContain(text('ja', 'types:types.INTJ.name'));
  });
});
