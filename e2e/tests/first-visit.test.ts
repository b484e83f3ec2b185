import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { buyViaApi, finishTestViaApi } from '../support/checkout';
import { answer, isSessionStart, progressText, startPartOne, startTest } from '../support/test-taker';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.tmp/screenshots');

describeBrowser("a visitor's first test, on a phone", () => {
  const b = useBrowser();

  it('instructions and an untimed practice puzzle with feedback come first; the clock starts with part 1', async () => {
    const page = await b.newPage({ width: 360, height: 740 });
    // Any call that reads or starts a session: none may happen before "Start part 1".
    const listCalls: string[] = [];
    page.on(
      'request',
      (r) => /\/api\/exam\/(question\/list|session\/start)\//.test(r.url()) && listCalls.push(r.url()),
    );
    await page.goto('/landing_page/test_center/IQB-1799?hl=en');
    await page.locator('.hero a.button--primary').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Before you start');
    // No session yet: nothing on the server is counting down.
    expect(listCalls).toEqual([]);
    await expectAccessible(page, 'instructions');

    const feedback = page.locator('.practice__feedback');
    await page.getByRole('radio', { name: 'A: Two triangles' }).click();
    await expect
      .poll(() => feedback.textContent())
      .toMatch(/^Not quite\. The missing piece continues the rows like this: .*\(C\)\.$/);
    await page.getByRole('radio', { name: 'C: Three triangles' }).click();
    await expect.poll(() => feedback.textContent()).toMatch(/^Right\. The missing piece continues the rows like this/);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'intro-en-360x740.png'), fullPage: true });
    await expectAccessible(page, 'practice feedback');
    expect(listCalls).toEqual([]);

    const list = page.waitForResponse(isSessionStart);
    await startPartOne(page);
    const data = (await (await list).json()).data;
    await page.locator('.question-pane:not([hidden]) .matrix').waitFor();
    expect(await progressText(page)).toBe('1 / 30');
    // The server's deadline is the test's full length from now: the practice took none of it.
    const exam = (await (await page.request.get('/api/exam/info/1799?hl=en')).json()).data;
    const left = new Date(data.deadline).getTime() - new Date(data.serverNow).getTime();
    expect(Math.abs(left - exam.timeLimitSeconds * 1000)).toBeLessThan(5_000);
  });

  it('the home page, the landing and the timer give the same length', async () => {
    const page = await b.newPage();
    const exam = (await (await page.request.get('/api/exam/info/1799?hl=en')).json()).data;
    const minutes = Math.round(exam.timeLimitSeconds / 60);
    await page.goto('/?hl=en');
    await page.locator('h1').waitFor();
    expect(await page.locator('h1').textContent()).not.toMatch(/\d+ minutes/);
    // The length is the server's, drawn once its answer arrives (after hydration, in a transition).
    await expect.poll(() => page.getByText(`${minutes} minutes`, { exact: true }).count()).toBeGreaterThan(0);
    await page.goto('/landing_page/test_center/IQB-1799?hl=en');
    await expect.poll(() => page.locator('.facts-line').textContent()).toContain(`${minutes} minutes`);
    await startTest(page, 'en');
    expect(await page.locator('.countdown__value').textContent()).toMatch(
      new RegExp(`^00:(${minutes}|${minutes - 1}):\\d\\d$`),
    );
  });

  it('when time runs out: "Time is up", answers kept, confirmation without editing', async () => {
    const page = await b.newPage();
    await page.clock.install();
    await startTest(page, 'en');
    await answer(page, 1);
    await page.clock.runFor(26 * 60_000);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Time is up');
    expect(await page.getByText('Time is up: your answers so far are kept.').count()).toBe(1);
    expect(await page.getByText('You answered 1 of 30 puzzles', { exact: false }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Edit my answer' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Go to puzzle/ }).count()).toBe(0);
    await expectAccessible(page, 'time up');
    await page.getByRole('button', { name: 'Get My Result' }).click();
    await expect.poll(() => page.url(), { timeout: 20_000 }).toMatch(/\/answer\/loading\//);
  });

  it('a fresh page load opens at the top, whatever the last page was scrolled to', async () => {
    const page = await b.newPage();
    for (const [from, to] of [
      ['/help/IQB-1799?hl=en', '/protocol/terms/IQB-1799?hl=en'],
      ['/protocol/privacy/IQB-1799?hl=en', '/support/IQB-1799?hl=en'],
      ['/protocol/terms/IQB-1799?hl=en', '/help/IQB-1799?hl=en'],
    ] as const) {
      await page.goto(from);
      await page.locator('h1').waitFor();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      await page.goto(to);
      await page.locator('h1').waitFor();
      // Give the router's restoration its frame, then read the position.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.evaluate(() => window.scrollY), `${from} then ${to}`).toBe(0);
    }
  });

  it('the menu items VIP centre, Advanced services, Resources download and Psychology laboratory explain themselves', async () => {
    const page = await b.newPage({ width: 360, height: 740 });
    const expected: Record<string, RegExp> = {
      'VIP centre': /^The VIP centre lists everything you can still add to a report you bought/,
      'Advanced services': /^Advanced services are the extras you can add to a report/,
      'Resources download': /^Resources download holds the files of a report you bought/,
      'Psychology laboratory': /^The psychology laboratory holds two short questionnaires/,
    };
    for (const [label, what] of Object.entries(expected)) {
      await page.goto('/?hl=en');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label }).click();
      await expect.poll(() => page.locator('h1').textContent()).toBe(label);
      expect(await page.getByText('Page Not Found').count()).toBe(0);
      expect(await page.getByText(what).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Retrieve my report' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Take the test' }).count()).toBe(1);
      await expectAccessible(page, label);
    }
  });

  it('an empty e-mail on the cancel page asks for an address', async () => {
    const page = await b.newPage({ width: 360, height: 740 });
    await page.goto('/cancel/subscription/IQB-1799?hl=en');
    await page.locator('h1').waitFor();
    await page.locator('.cancel-form button[type=submit]').click();
    await expect.poll(() => page.getByText('Please input email address').count()).toBe(1);
    expect(await page.getByText(/Email not found/).count()).toBe(0);
  });

  it('an unstable network on the payment screen says so and offers reload', async () => {
    const page = await b.newPage({ width: 360, height: 740 });
    const orderNumber = await finishTestViaApi(page, 'en');
    await page.goto(`/answer/submit/IQB-1799?order=${orderNumber}&hl=en`);
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('Your result is saved');
    // Reached without this tab's scoring screen, the page still says what a paid report adds.
    expect(await page.locator('.headline-paid li').count()).toBe(5);
    await page.getByRole('link', { name: /Choose/ }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Choose your report');
    await page.locator('.sku-card[data-sku="sku2"]').click();
    await page.getByRole('checkbox', { name: /I have read and agree to the terms/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Payment');
    await page.getByRole('radio', { name: /card/i }).check();
    await page.route('**/pay/order/create', (route) => route.abort('internetdisconnected'));
    await page.locator('.pay-button').click();
    await expect.poll(() => page.getByText('Connection failed. Please try again.').count()).toBe(1);
    const reload = page.getByRole('button', { name: 'Reload' });
    expect(await reload.count()).toBe(1);
    await expectAccessible(page, 'payment, unstable network');
    await page.unroute('**/pay/order/create');
    await reload.click();
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('Payment');
  });

  it('changing the language after the test changes the texts of the report, the class name too', async () => {
    const page = await b.newPage({ width: 360, height: 740 });
    const orderNumber = await finishTestViaApi(page, 'en', 'lang@example.com');
    await buyViaApi(page, orderNumber, 'lang@example.com');
    await page.goto(`/report/result/IQB-1799?order=${orderNumber}&hl=en`);
    const cls = page.getByTestId('report-class');
    await expect.poll(() => cls.count(), { timeout: 15_000 }).toBe(1);
    const english = (await cls.textContent()) ?? '';
    expect(english).toMatch(/^Class: /);
    await page.getByLabel('Choose your language').selectOption('de');
    const inGerman = (await (await page.request.get(`/api/exam/order/info/${orderNumber}?hl=de`)).json()).data;
    expect(`Class: ${inGerman.result.className}`).not.toBe(english);
    await expect.poll(() => cls.textContent(), { timeout: 15_000 }).toBe(`Klasse: ${inGerman.result.className}`);
  });

  it('a scored test whose e-mail step this browser has not finished is continued, not replaced, by "Start the test"', async () => {
    const page = await b.newPage();
    const orderNumber = await finishTestViaApi(page, 'en', 'pending@example.com');
    await page.goto('/landing_page/test_center/IQB-1799?hl=en');
    await page.locator('.hero a.button--primary').click();
    await page.locator('#intro-title').waitFor();
    expect(await page.locator('.test-intro__retake').count()).toBe(0);
    await startPartOne(page);
    await expect.poll(() => page.url(), { timeout: 15_000 }).toContain(`/answer/email/IQB-1799?`);
    expect(new URL(page.url()).searchParams.get('order')).toBe(orderNumber);
  });
});
