import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { buyViaApi, expectHeading, finishTestViaApi, latestMail, payWithCard } from '../support/checkout';

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

describeBrowser('an unpaid result is never lost', () => {
  const b = useBrowser();

  it('the e-mail step sends the headline and the way back; retrieval lists the result "pending payment"; its link pays in another browser', async () => {
    const page = await b.newPage();
    const email = `pending-${Date.now()}@example.com`;
    const orderNumber = await finishTestViaApi(page, 'en', email);
    // The address given after the test received the free headline and the links back.
    const saved = await latestMail(page, email, /result is saved/);
    expect(saved.text).toMatch(/Your class: .+ \(IQ (\d+–\d+|\d+\+|< \d+)\)/);
    expect(saved.text).toMatch(/\d+ of 30 puzzles right/);

    await page.goto('/retrieve/IQB-1799');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Retrieve your report');
    expect(await page.getByText(/each result still waiting for a report \(pending payment\)/).count()).toBe(1);
    await page.getByLabel(/E-mail address/).fill(email);
    await page.getByRole('button', { name: 'Send my reports' }).click();
    await expect.poll(() => page.getByText('Report sent successfully').count()).toBe(1);
    expect(await page.getByText(/each result pending payment/).count()).toBe(1);
    await expectAccessible(page, 'retrieve, sent with a pending result');

    const list = await latestMail(page, email, /reports/i);
    expect(list.text).toContain(`(order ${orderNumber}): pending payment`);
    const link = /https?:\/\/\S+\/paying\/scheme\/IQB-1799\?\S+/.exec(list.text)?.[0] ?? '';
    expect(new URL(link).searchParams.get('order')).toBe(orderNumber);

    // Another browser, with nothing but the link: the report choice, then the payment, goes through.
    const fresh = await b.newPage();
    await fresh.goto(link);
    await fresh.locator('.sku-card[data-sku="sku1"]').click();
    await fresh.getByRole('checkbox', { name: /I have read and agree to the terms/ }).check();
    await fresh.getByRole('button', { name: 'Continue' }).click();
    // This browser does not know the address: the visitor types it, as on any payment.
    await fresh.getByRole('textbox', { name: 'E-mail for your report' }).fill(email);
    await fresh.getByRole('radio', { name: /card/i }).check();
    await fresh.locator('.pay-button').click();
    // The processor's frame opens (and no refusal is shown): the link's token made this browser the payer.
    await expect
      .poll(
        async () =>
          `${await fresh.locator('iframe.sandbox-frame').count()} ${(await fresh.locator('[role="alert"]').allTextContents()).join('|')}`,
      )
      .toMatch(/^1 /);
    await payWithCard(fresh, '4242 4242 4242 4242');
    await expectHeading(fresh, 'Payment successful');
    const checkout = (await (await fresh.request.get(`/api/exam/order/sku/check/${orderNumber}`)).json()).data;
    expect(checkout.purchase).toMatchObject({ skuId: 'sku1', method: 'card' });
  });
});

describeBrowser('the answer analysis', () => {
  const b = useBrowser();

  it('opens from the report, starts at the first wrong answer, shows the correct and the chosen answer and the rules', async () => {
    const page = await b.newPage();
    const email = `analysis-${Date.now()}@example.com`;
    const orderNumber = await finishTestViaApi(page, 'en', email);
    await buyViaApi(page, orderNumber, email);
    const api = (await (await page.request.get(`/api/exam/order/questions/${orderNumber}?hl=en`)).json()).data;

    await page.goto(`/report/result/IQB-1799?order=${orderNumber}`);
    await page.getByRole('link', { name: 'See every question, with the rules behind it' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Answer analysis');
    expect(await page.getByText(`${api.correct} of ${api.total} answers right.`, { exact: false }).count()).toBe(1);
    const firstWrong = (api.items as { correct: boolean }[]).findIndex((i) => !i.correct);
    const item = api.items[firstWrong];
    await expect.poll(() => page.locator('#question-title').textContent()).toContain(`Question ${firstWrong + 1}`);
    const letter = (i: number) => String.fromCharCode(65 + i);
    expect(await page.getByTestId('analysis-correct').textContent()).toBe(
      `Correct answer: ${letter(item.answerIndex)}`,
    );
    expect(await page.getByTestId('analysis-yours').textContent()).toBe(
      item.choice === null ? 'You did not answer this question.' : `Your answer: ${letter(item.choice)}`,
    );
    for (const e of item.explanations as string[]) expect(await page.getByText(e).count()).toBeGreaterThan(0);
    expect(await page.locator('.analysis .matrix__cell svg').count()).toBe(8);
    await expectAccessible(page, 'answer analysis');

    // The picker: question 1 (answered right by the test taker) from the keyboard.
    await page.getByRole('button', { name: 'Question 1, right' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#question-title').textContent()).toContain('Question 1');
    expect(await page.getByTestId('analysis-yours').textContent()).toBe(
      `Your answer: ${letter(api.items[0].answerIndex)}`,
    );
  });
});
