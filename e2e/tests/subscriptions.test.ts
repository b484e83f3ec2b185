import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { advanceServerClock, describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { expectHeading, finishTestViaApi, latestMail, payWithCard } from '../support/checkout';

const DAY = 86_400_000;

/** Every message to an address with a subject matching, newest first. */
async function mailsTo(page: Page, to: string, subject: RegExp) {
  const box = (await (await page.request.get('/dev/mailbox/messages.json')).json()) as {
    to: string;
    subject: string;
    text: string;
  }[];
  return box.filter((m) => m.to === to && subject.test(m.subject));
}

/**
 * Waits until every message queued so far to `to` has been handled: queues one more (the reports e-mail, which
 * an address with a paid report receives) and waits for it, as the outbox is sent in the order it was filled.
 */
async function mailDrained(page: Page, to: string): Promise<void> {
  const before = (await mailsTo(page, to, /^Your Mindgauge reports$/)).length;
  const res = await page.request.post('/api-pay/exam/order/report/retrieve', { data: { email: to, hl: 'en' } });
  expect(res.status()).toBe(200);
  await expect.poll(async () => (await mailsTo(page, to, /^Your Mindgauge reports$/)).length).toBe(before + 1);
}

describeBrowser('plans and cancelling', () => {
  const b = useBrowser();

  it('weekly trial with 4242: disclosure beside the button, confirmation; reminder, first charge and receipt; one-click cancel; nothing more charged', async () => {
    const page = await b.newPage();
    const email = 'trial-e2e@example.com';
    const orderNumber = await finishTestViaApi(page, 'en', email);
    await page.goto(`/paying/scheme/IQB-1799?order=${orderNumber}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Choose your report');
    const weekly = page.locator('.plan-card[data-plan="weekly"]');
    await weekly.waitFor();
    expect(await weekly.textContent()).toContain('$1.99 today for a 3-day trial');
    expect(await page.locator('.plan-card[data-plan="fourweekly"]').textContent()).toContain('$19.99 every 4 weeks');
    expect(await page.locator('.plan-card[data-plan="fourweekly"]').textContent()).toContain('$0.71 a day');
    await expectAccessible(page, 'report selection with plans');
    await weekly.getByRole('link', { name: /Choose the Weekly plan/ }).click();

    await expect.poll(() => page.locator('h1').textContent()).toBe('Payment');
    // Next to the button: today, after the trial and from when, the interval, how to cancel.
    const note = page.locator('.pay-row__note');
    expect(await note.textContent()).toMatch(
      /Today you pay \$1\.99 for a 3-day trial\. Then \$19\.99 every week from .+, until you cancel\./,
    );
    expect(await note.textContent()).toContain('Cancel any time');
    expect(await page.locator('.pay-button').getAttribute('aria-describedby')).toBe('pay-terms');
    const terms = page.getByRole('checkbox', { name: /I have read and agree to the terms/ });
    expect(await terms.isChecked()).toBe(false);
    await page.getByRole('radio', { name: /card/i }).check();
    await page.locator('.pay-button').click();
    expect(await page.getByText('Please check "I have read and agree to the terms" to proceed').count()).toBe(1);
    await terms.check();
    await expectAccessible(page, 'plan payment');
    expect(await page.locator('.pay-button').textContent()).toContain('$1.99');
    await page.locator('.pay-button').click();
    await payWithCard(page, '4242 4242 4242 4242');

    await expectHeading(page, 'Payment successful');
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    expect(await page.locator('.subscription-started').textContent()).toMatch(
      /Your trial ends on .+\. Then \$19\.99 every week, until you cancel\./,
    );
    await expectAccessible(page, 'plan success');
    const confirmation = await latestMail(page, email, /report is ready/);
    expect(confirmation.text).toContain('Your plan: Weekly plan.');
    expect(confirmation.text).toMatch(/\$19\.99 every week from/);
    expect(confirmation.text).toMatch(/Cancel my subscription: http\S+\/cancel\/subscription\/IQB-1799\?sub=/);

    // Past the reminder time (48 h before the trial ends), then past the trial's end.
    await advanceServerClock(1 * DAY + 3_600_000);
    const reminder = await latestMail(page, email, /Your trial ends on/);
    expect(reminder.text).toMatch(/we will charge \$19\.99 every week/);
    expect(await mailsTo(page, email, /^Receipt/)).toHaveLength(0);
    await advanceServerClock(2 * DAY);
    const receipt = await latestMail(page, email, /^Receipt: \$19\.99/);
    expect(receipt.text).toContain('Your trial has ended and your Weekly plan has started.');
    const cancelUrl = /Cancel my subscription: (\S+)/.exec(receipt.text)?.[1] ?? '';
    expect(cancelUrl).toContain('token=');

    // The one-click link, opened in a fresh browser (no session): its terms, one confirm, done.
    const other = await b.newPage();
    await other.goto(cancelUrl.replace(/^https?:\/\/[^/]+/, ''));
    await expect.poll(() => other.locator('h1').textContent()).toBe('Cancel your subscription');
    await other.locator('.cancel-subscription').waitFor();
    expect(await other.locator('.cancel-subscription').textContent()).toContain('$19.99 every week');
    await expectAccessible(other, 'one-click cancel');
    await other.getByRole('button', { name: 'Cancel subscription' }).click();
    await expectHeading(other, 'Cancellation successful');
    expect(await other.getByText(/You keep access until/).count()).toBe(1);
    await expectAccessible(other, 'cancel success');
    const cancelled = await latestMail(page, email, /subscription is cancelled/);
    expect(cancelled.text).toContain('Nothing more will be charged.');

    // Another week and more: no further charge.
    await advanceServerClock(8 * DAY);
    // The advance returns once the due charges ran; any receipt they queued is sent before a message queued
    // after it (one worker sends the outbox in order). So wait for such a marker, then count the receipts.
    await mailDrained(page, email);
    expect(await mailsTo(page, email, /^Receipt/)).toHaveLength(1);
    const checkout = (await (await page.request.get(`/api/exam/order/sku/check/${orderNumber}`)).json()).data;
    expect(checkout.subscription).toMatchObject({ status: 'canceled', nextChargeAt: null });
  });

  it('cancel by e-mail: any address gets the same neutral answer (a link goes to the address), with the keyboard only', async () => {
    const page = await b.newPage();
    await page.goto('/cancel/subscription/IQB-1799?hl=en');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Cancel your subscription');
    await page.getByLabel('E-mail address').fill('not-a-subscriber@example.com');
    await page.getByLabel('E-mail address').press('Enter');
    // The same words whether or not the address subscribes: the page tells no one who does (issue 13).
    await expect.poll(() => page.getByRole('heading', { name: 'Check your inbox' }).count()).toBe(1);
    await expect
      .poll(() => page.getByText('If a subscription was paid with not-a-subscriber@example.com').count())
      .toBe(1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cancel-sent-title');
    await expectAccessible(page, 'cancel by e-mail, sent');
    await page.getByRole('button', { name: 'Use another e-mail address' }).press('Enter');
    await page.getByLabel('E-mail address').fill('broken@');
    await page.getByLabel('E-mail address').press('Enter');
    await expect.poll(() => page.getByText('Please enter a valid email address.').count()).toBe(1);
    await expectAccessible(page, 'cancel by e-mail');

    // The plans page: every plan with its terms; the way in is the test.
    await page.goto('/paying/IQB-1799?hl=en');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Plans');
    expect(await page.locator('.plan-card').count()).toBe(3);
    expect(await page.locator('.plan-card[data-plan="monthly"]').textContent()).toContain('$49.99 every month');
    await expectAccessible(page, 'plans page');
    await page.getByRole('link', { name: 'Take the test to start' }).first().click();
    await expect.poll(() => page.url()).toContain('/landing_page/test_center/IQB-1799');
  });
});
