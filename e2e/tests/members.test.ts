import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { advanceServerClock, describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { expectHeading, finishTestViaApi, latestMail } from '../support/checkout';

const DAY = 86_400_000;
const PASSWORD = 'a members passphrase';

/** Registers and proves an address through the API; the page's browser is then signed in (shared cookies). */
async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/members/IQB-1799?hl=en');
  const reg = await page.request.post('/api/user/register', {
    data: { name: 'Ada', email, password: PASSWORD, agreement: true, hl: 'en' },
  });
  expect(reg.status()).toBe(200);
  const mail = await latestMail(page, email, /confirmation code/i);
  const code = /\b\d{6}\b/.exec(mail.text)?.[0] ?? '';
  const verified = await page.request.post('/api/user/verify', { data: { email, code, purpose: 'register' } });
  expect(verified.status()).toBe(200);
}

/** Takes the weekly plan (trial) for the address through the API and the sandbox processor's form. */
async function takeWeeklyPlan(page: Page, email: string): Promise<void> {
  const orderNumber = await finishTestViaApi(page, 'en', email);
  const list = (await (await page.request.get('/api/exam/plan/list/1799/US/en')).json()).data;
  const price = list.plans.find((p: { planId: string }) => p.planId === 'weekly').price;
  const created = await page.request.post('/api-pay/pay/plan/create', {
    data: {
      orderNumber,
      planId: 'weekly',
      country: 'US',
      method: 'card',
      email,
      checkoutKey: `members_${orderNumber.slice(2, 18)}`,
      shownAmount: price.todayAmount,
      shownRecurringAmount: price.amount,
      shownCurrency: price.currency,
      consent: { terms: true, termsVersion: '2026-01', disclosureVersion: '1' },
      hl: 'en',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { payment, next } = (await created.json()).data as { payment: { paymentId: string }; next: { url: string } };
  await page.request.post(next.url.replace(/\?.*/, '/confirm'), {
    form: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  await expect
    .poll(async () => {
      const res = await page.request.post('/api-pay/pay/check/status', {
        data: { orderNumber, paymentId: payment.paymentId },
      });
      return (await res.json()).data.orderStatus;
    })
    .toBe('paid');
}

/** Moves focus on the span grid with the arrow keys from the focused square to `to`, then presses Enter. */
async function tapWithKeys(page: Page, to: number): Promise<void> {
  const from = Number(await page.evaluate(() => document.activeElement?.getAttribute('data-index')));
  const [r0, c0, r1, c1] = [Math.floor(from / 3), from % 3, Math.floor(to / 3), to % 3];
  for (let i = 0; i < Math.abs(r1 - r0); i++) await page.keyboard.press(r1 > r0 ? 'ArrowDown' : 'ArrowUp');
  for (let i = 0; i < Math.abs(c1 - c0); i++) await page.keyboard.press(c1 > c0 ? 'ArrowRight' : 'ArrowLeft');
  await page.keyboard.press('Enter');
}

describeBrowser("members' free tests and weekly training", () => {
  const b = useBrowser();

  it('a visitor without login sees where the free tests are and how to get them', async () => {
    const page = await b.newPage({ width: 1200, height: 900 });
    await page.goto('/?hl=en');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Free tests' }).click();
    await expectHeading(page, 'Free tests and training');
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to take the free tests' }).count()).toBe(1);
    for (const name of ['Practice puzzles', 'Spatial working memory', 'Reaction time'])
      expect(await page.getByRole('heading', { name }).count(), name).toBe(1);
    const register = page.getByRole('link', { name: 'Create a free account' });
    expect(await register.getAttribute('href')).toContain('/user/register/IQB-1799');
    expect(await page.getByRole('link', { name: /^Start/ }).count()).toBe(0);
    await expectAccessible(page, 'members page, visitor');
    // A test's own page sends a visitor to sign in, and back.
    await page.goto('/members/memory/IQB-1799?hl=en');
    await expect.poll(() => page.getByRole('link', { name: 'Sign in' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toContain(
      'from=%2Fmembers%2Fmemory%2FIQB-1799',
    );
    // The guide is public, and its claim slot makes no IQ-boost claim.
    await page.goto('/members/guide/IQB-1799?hl=en');
    await expectHeading(page, 'Brain-training guide');
    const claim = (await page.getByTestId('guide-claim').textContent()) ?? '';
    expect(claim).toContain('has not been shown to raise general intelligence');
    expect(claim).not.toMatch(/43|boost/i);
    await expectAccessible(page, 'brain-training guide');
  });

  // One subscriber, signed in, through the steps below in order.
  let page: Page;
  const email = `member-${Date.now()}@example.com`;

  it('a subscriber signs in (a proven account with a weekly plan)', async () => {
    page = await b.newPage({ width: 1200, height: 900, keep: true });
    await signUp(page, email);
    await takeWeeklyPlan(page, email);
  });

  it('practice puzzles: untimed, the rule after each answer, keyboard and mouse', async () => {
    // Practice puzzles: untimed, the rule after each answer; keyboard on even puzzles, mouse on odd ones.
    await page.goto('/members/practice/IQB-1799?hl=en');
    await page.getByRole('button', { name: 'Start ten practice puzzles' }).click();
    // The start button is gone: the focus goes to the first puzzle's heading, not to the page's start.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('quiz-title');
    for (let i = 0; i < 10; i++) {
      await expect.poll(() => page.locator('#quiz-title').textContent()).toBe(`Puzzle ${i + 1} of 10`);
      const option = page.getByRole('button', { name: `Option ${'ABCDEF'[i % 6]}` });
      if (i % 2 === 0) {
        await option.focus();
        await page.keyboard.press('Enter');
      } else await option.click();
      await expect.poll(() => page.getByTestId('quiz-check').textContent()).toContain('The rules of this puzzle');
      expect(await page.getByTestId('quiz-check').textContent()).toMatch(/^(Right|Not this time)/);
      if (i === 0) await expectAccessible(page, 'practice puzzle with its explanation');
      // The focus is on "Next puzzle" (or "See the result"): Enter moves on.
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => page.getByText(/^Result kept: \d+ of 10 solved\.$/).count()).toBe(1);
  });

  it('spatial span with the keyboard only', async () => {
    // Spatial span with the keyboard only: right at lengths 2 and 3, wrong twice at 4, so the span is 3.
    // In a tab of its own (the subscriber's cookies copied) with the tab's clock installed: the blocks'
    // presentation, a second per block, is run through at once; the reaction test below keeps real time.
    const tab = await b.newPage({ width: 1200, height: 900 });
    await tab.context().addCookies(await page.context().cookies());
    await tab.clock.install();
    await tab.goto('/members/memory/IQB-1799?hl=en');
    const started = tab.waitForResponse((r) => r.url().includes('/members/memory/start'));
    await tab.getByRole('button', { name: 'Start the span task' }).press('Enter');
    const { sequences } = (await (await started).json()).data as { sequences: number[][][] };
    const plan: [number, number, boolean][] = [
      [2, 0, true],
      [2, 1, true],
      [3, 0, true],
      [3, 1, false],
      [4, 0, false],
      [4, 1, false],
    ];
    for (const [length, k, right] of plan) {
      // 600 ms before the first block, then each block 700 ms lit and 300 ms dark.
      await tab.clock.runFor(600 + length * 1000);
      await expect
        .poll(() => tab.getByTestId('memory-status').getAttribute('data-phase'), { timeout: 15_000 })
        .toBe('input');
      const seq = sequences[length - 2]?.[k] as number[];
      for (const square of right ? seq : [...seq].reverse()) await tapWithKeys(tab, square);
      if (length === 2 && k === 0) await expectAccessible(tab, 'span task');
    }
    await expect.poll(() => tab.getByTestId('memory-span').textContent()).toBe('Your spatial span: 3.');
    expect(await tab.getByTestId('memory-announce').textContent()).toBe('Your spatial span: 3.');
  });

  it('on a phone on its side the span grid is whole on the screen before the first square lights', async () => {
    const tab = await b.newPage({ width: 640, height: 360 });
    await tab.context().addCookies(await page.context().cookies());
    await tab.goto('/members/memory/IQB-1799?hl=en');
    await tab.getByRole('button', { name: 'Start the span task' }).click();
    await tab.locator('.corsi-grid').waitFor();
    const view = await tab.evaluate(() => {
      const grid = (document.querySelector('.corsi-grid') as Element).getBoundingClientRect();
      const header = (document.querySelector('.site-header') as Element).getBoundingClientRect();
      return { top: grid.top, bottom: grid.bottom, headerBottom: header.bottom, height: window.innerHeight };
    });
    expect(view.top).toBeGreaterThanOrEqual(view.headerBottom);
    expect(view.bottom).toBeLessThanOrEqual(view.height);
    // Still squares a finger can hit: three rows of at least 44 px.
    expect(view.bottom - view.top).toBeGreaterThanOrEqual(3 * 44);
  });

  // 24 signals, each after a random wait of 1 to 3 seconds: about a minute of real time.
  it('simple reaction time with the space bar', { timeout: 150_000 }, async () => {
    // Simple reaction time with the space bar: the signal shows, Space answers, 24 times.
    await page.goto('/members/reaction/IQB-1799?hl=en');
    await page.getByRole('button', { name: 'Start simple reaction' }).click();
    for (let n = 1; n <= 24; n++) {
      await page.locator('[data-testid="reaction-signal"][data-on="true"]').waitFor({ timeout: 10_000 });
      await page.keyboard.press('Space');
      if (n < 24) await expect.poll(() => page.getByTestId('reaction-count').textContent()).toBe(`${n} of 24 signals`);
    }
    await expect
      .poll(() => page.getByTestId('reaction-median').textContent())
      .toMatch(/^Simple reaction: median \d+ ms/);
    await expectAccessible(page, 'reaction result');
  });

  it("the members' page lists each result with its date; this week's training explains each answer and charts progress", async () => {
    // The members' page lists each result with its date.
    await page.goto('/members/IQB-1799?hl=en');
    await expect.poll(() => page.getByTestId('results-memory').textContent()).toContain('span 3');
    expect(await page.getByTestId('results-practice').textContent()).toMatch(/of 10 solved/);
    expect(await page.getByTestId('results-reaction').textContent()).toMatch(/simple reaction, median \d+ ms/);
    expect(await page.locator('[data-testid="results-memory"] time').getAttribute('datetime')).toMatch(/^\d{4}-/);
    expect(await page.getByTestId('training-access').textContent()).toBe('Open while your plan runs.');
    await expectAccessible(page, 'members page, subscriber');

    // This week's training: answers with explanations, then the progress chart and its table.
    await page.getByRole('link', { name: "Open this week's training" }).click();
    await expect.poll(() => page.getByTestId('training-week').textContent()).toMatch(/^Week \d{4}-W\d{2}\./);
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'Option C' }).click();
      await expect.poll(() => page.getByTestId('quiz-check').textContent()).toContain('The rules of this puzzle');
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => page.locator('.members-chart__table tbody tr').count()).toBe(1);
    // The row may first show the week with one answer saved, and the second answer's save arrive after it.
    await expect.poll(() => page.locator('.members-chart__table tbody td').first().textContent()).toBe('2');
    expect(await page.locator('.members-chart__svg rect').count()).toBe(1);
    await expectAccessible(page, 'training with progress chart');
  });

  it('cancelled, the training stays open until the period paid for ends, then it is locked', async () => {
    // Cancelled: the training stays open until the period paid for ends, then it is locked.
    const confirmation = await latestMail(page, email, /report is ready/);
    // The plan's e-mail says where its benefits are.
    expect(confirmation.text).toMatch(/Open the weekly training and members' tests: http\S+\/members\/IQB-1799\?hl=en/);
    const cancelUrl = /Cancel my subscription: (\S+)/.exec(confirmation.text)?.[1] ?? '';
    const other = await b.newPage();
    await other.goto(cancelUrl.replace(/^https?:\/\/[^/]+/, ''));
    await other.getByRole('button', { name: 'Cancel subscription' }).click();
    await expectHeading(other, 'Cancellation successful');
    await page.goto('/members/IQB-1799?hl=en');
    await expect
      .poll(() => page.getByTestId('training-access').textContent())
      .toMatch(/^Your plan is cancelled: the training stays open until .+, the end of the period you paid for\.$/);
    await page.goto('/members/training/IQB-1799?hl=en');
    await expect.poll(() => page.getByTestId('training-week').textContent()).toMatch(/Open until .+\./);
    await advanceServerClock(4 * DAY);
    await page.reload();
    await page.getByTestId('training-locked').waitFor();
    expect(await page.getByTestId('training-week').count()).toBe(0);
    await expectAccessible(page, 'training locked');
  });
});
