import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { buyViaApi, expectHeading, finishTestViaApi, struggling } from '../support/checkout';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mindgauge-e2e-below-'));
const pdfText = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

describeBrowser('a result below the range the test measures', () => {
  const b = useBrowser();

  it('is sold, and its report screen and PDF show the bound and the class, never a number or an accusation', async () => {
    const page = await b.newPage();
    const email = 'below-e2e@example.com';
    const orderNumber = await finishTestViaApi(page, 'en', email, struggling);
    await buyViaApi(page, orderNumber, email, 'sku4');
    const api = (await (await page.request.get(`/api/exam/order/info/${orderNumber}`)).json()).data.result;
    expect(api).toMatchObject({ outcome: 'below-range', iq: null, rangeLow: null });
    const headline = `Below the range this test measures (under IQ ${api.bound})`;

    await page.goto(`/report/result/IQB-1799?order=${orderNumber}`);
    await page.getByTestId('report-below-range').waitFor();
    expect(await page.getByTestId('report-below-range').textContent()).toBe(headline);
    expect(await page.getByTestId('report-class').textContent()).toBe(`Class: ${api.className}`);
    expect(await page.getByTestId('report-iq').count()).toBe(0);
    expect(await page.getByTestId('report-range').count()).toBe(0);
    // "About the test", in the PDF's words: how the number is estimated, its precision and reliability, routing.
    const about = page.getByTestId('about-the-test');
    expect(await about.getByRole('heading', { name: 'How your questions were chosen' }).count()).toBe(1);
    expect(await about.textContent()).toContain("the mode under Jeffreys' prior");
    expect(await about.textContent()).toContain('reliability is about 0.88');
    expect(await page.getByText(`under IQ ${api.bound}. The puzzles were hard for you`).count()).toBe(1);
    await expectAccessible(page, 'below-range report');

    await page.getByRole('link', { name: 'Your files: PDF report and certificate' }).click();
    await expectHeading(page, 'Your files');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the PDF report' }).click(),
    ]);
    const file = path.join(dir, 'below.pdf');
    await download.saveAs(file);
    const text = pdfText(file);
    expect(text).toContain(headline);
    expect(text).toContain(`Class: ${api.className}`);
    expect(text).not.toMatch(/95% range: \d/);
    expect(text).not.toContain('not conducted in a normal way');
    expect(text).toContain('How your questions were chosen');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
