import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { buyViaApi, expectHeading, finishTestViaApi } from '../support/checkout';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mindgauge-e2e-lab-'));
const AGREEMENT = ['Strongly disagree', 'Disagree', 'Neither agree nor disagree', 'Agree', 'Strongly agree'];

describeBrowser('the psychology lab: left/right brain and EQ questionnaires', () => {
  const b = useBrowser();

  it('from the report, the EQ questionnaire answered by keyboard and mouse; its result on the page and in the PDF', async () => {
    const page = await b.newPage();
    const email = 'lab-e2e@example.com';
    const orderNumber = await finishTestViaApi(page, 'en', email);
    await buyViaApi(page, orderNumber, email, 'sku3');

    await page.goto(`/report/result/IQB-1799?order=${orderNumber}`);
    await page.getByRole('link', { name: 'Open the psychology lab' }).click();
    await expectHeading(page, 'Psychology lab');
    expect(await page.getByText('Not taken yet').count()).toBe(2);
    await expectAccessible(page, 'lab overview');

    const eqCard = page.locator('section', { has: page.getByRole('heading', { name: 'EQ: emotional intelligence' }) });
    await eqCard.getByRole('link', { name: 'Take the questionnaire' }).click();
    await expectHeading(page, 'EQ: emotional intelligence');
    const groups = page.getByRole('group');
    expect(await groups.count()).toBe(20);
    await expectAccessible(page, 'EQ questionnaire');

    // Statements 1 to 19 by mouse, each answered by its label; a pattern around the middle of the scale.
    for (let i = 0; i < 19; i++) {
      await groups
        .nth(i)
        .getByText(AGREEMENT[[2, 3, 1, 2, 3][i % 5] as number] as string, { exact: true })
        .click();
    }
    await page.getByText('19 of 20 answered').waitFor();
    // Sending with one statement open: told how many, and the focus lands on it.
    await page.getByRole('button', { name: 'See my result' }).click();
    await page.getByRole('alert').getByText('Please answer every statement: 1 is left.').waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('e20');
    // The last one by keyboard alone: arrows move the choice within the group, Enter sends the form.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await groups.nth(19).getByRole('radio', { name: 'Neither agree nor disagree' }).isChecked()).toBe(true);
    await page.keyboard.press('Enter');

    const listed = async () =>
      (await (await page.request.get(`/api/exam/order/free/list/${orderNumber}`)).json()).data.tests[1].result;
    await expect.poll(listed).not.toBeNull();
    const result = await listed();
    expect(result.valid).toBe(true);
    const profiles: Record<string, string> = {
      level1: 'Much room to grow',
      level2: 'Room to grow',
      level3: 'In the middle of the range',
      level4: 'Strong',
      level5: 'Very strong',
    };
    await expectHeading(page, profiles[result.profile] as string);
    await page.getByText(`Overall: ${result.overall} of 100`).waitFor();
    for (const s of result.scales) {
      const card = page
        .locator('.lab__scale', { has: page.getByRole('heading', { level: 2 }) })
        .nth(result.scales.indexOf(s));
      expect(await card.textContent()).toContain(`${s.percent} of 100`);
    }
    await expectAccessible(page, 'EQ result');

    // A reload keeps it (it is the server's), and the lab now tells it was taken.
    await page.reload();
    await expectHeading(page, profiles[result.profile] as string);
    await page.getByRole('link', { name: 'Back to the psychology lab' }).click();
    await expectHeading(page, 'Psychology lab');
    expect(await page.getByText('Not taken yet').count()).toBe(1);
    await page.getByText(profiles[result.profile] as string, { exact: true }).waitFor();

    // The PDF's EQ page carries the same result.
    const pdf = await page.request.post('/api/exam/order/file/down/info', { data: { orderNumber, kind: 'report' } });
    const file = path.join(dir, 'lab.pdf');
    fs.writeFileSync(file, await pdf.body());
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(profiles[result.profile]);
    expect(text).toContain(`Overall: ${result.overall} of 100`);
  });

  it('a tier without the lab offers the bundle; report screens opened from the menu without a report say where reports are', async () => {
    const page = await b.newPage();
    const email = 'lab-locked-e2e@example.com';
    const orderNumber = await finishTestViaApi(page, 'en', email);
    await buyViaApi(page, orderNumber, email, 'sku2');
    await page.goto(`/report/result-free-test/IQB-1799?order=${orderNumber}`);
    await expectHeading(page, 'Not part of your report yet');
    const offer = page.getByRole('link', { name: 'Add them to your report' });
    expect(await offer.getAttribute('href')).toContain('step=advancedBundle');
    await expectAccessible(page, 'lab not included');

    // The site's menu links to report screens; without a report they say where reports are opened from.
    await page.goto('/report/result-free-test/IQB-1799?hl=en');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Resources download' })
      .click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Resources download');
    await page.getByText('It opens from your report.', { exact: false }).waitFor();
    await expectAccessible(page, 'report screen without a report');
    await page.getByRole('link', { name: 'Retrieve my report' }).click();
    await page.waitForURL(/\/report\/retrieve\//);
  });
});
