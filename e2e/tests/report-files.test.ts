import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { buyViaApi, expectHeading, finishTestViaApi } from '../support/checkout';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mindgauge-e2e-files-'));
const pdfText = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

describeBrowser('the report files and sharing', () => {
  const b = useBrowser();

  it('the PDF shows the same IQ, range and class as the page and the API; the certificate keeps its name and verifies', async () => {
    const page = await b.newPage();
    const email = 'files-e2e@example.com';
    const orderNumber = await finishTestViaApi(page, 'en', email);
    await buyViaApi(page, orderNumber, email, 'sku4');
    const api = (await (await page.request.get(`/api/exam/order/info/${orderNumber}`)).json()).data.result;

    await page.goto(`/report/result/IQB-1799?order=${orderNumber}`);
    await page.locator('[data-testid="report-iq"]').waitFor();
    expect(await page.locator('[data-testid="report-iq"]').textContent()).toBe(String(api.iq));
    await page.getByRole('link', { name: 'Your files: PDF report and certificate' }).click();
    await expectHeading(page, 'Your files');
    await expectAccessible(page, 'files');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the PDF report' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${orderNumber}.pdf`);
    const file = path.join(dir, 'report.pdf');
    await download.saveAs(file);
    await expect.poll(() => page.getByText('Downloaded.').count()).toBe(1);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+21\n/);
    const text = pdfText(file);
    expect(text).toContain(String(api.iq));
    expect(text).toContain(`95% range: ${api.rangeLow} to ${api.rangeHigh}`);
    expect(text).toContain(`Class: ${api.className}`);

    await page.getByLabel('Name on the certificate').fill('Grace Hopper');
    const [cert] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the certificate' }).click(),
    ]);
    const certFile = path.join(dir, 'certificate.pdf');
    await cert.saveAs(certFile);
    expect(pdfText(certFile)).toContain('Grace Hopper');
    await expect.poll(() => page.getByText('Name on the certificate: Grace Hopper').count()).toBe(1);

    await page.getByRole('link', { name: 'Open the verification page' }).click();
    await expectHeading(page, 'Certificate verification');
    await page.getByTestId('certificate-name').waitFor();
    expect(await page.getByTestId('certificate-name').textContent()).toBe('Grace Hopper');
    expect(await page.getByTestId('certificate-iq').textContent()).toBe(String(api.iq));
    expect(pdfText(certFile)).toContain((await page.getByTestId('certificate-serial').textContent()) ?? 'missing');
    await expectAccessible(page, 'certificate verification');
  });

  it('a share link shows the class, not the score unless chosen, with an Open Graph image; stopping it ends it', async () => {
    const page = await b.newPage();
    const email = 'share-e2e@example.com';
    const orderNumber = await finishTestViaApi(page, 'en', email);
    await buyViaApi(page, orderNumber, email);
    const api = (await (await page.request.get(`/api/exam/order/info/${orderNumber}`)).json()).data.result;
    await page.goto(`/report/result/IQB-1799?order=${orderNumber}`);
    await page.getByRole('heading', { name: 'Share your result' }).waitFor();
    expect(await page.getByLabel('Show my IQ score on the shared page').isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Create a share link' }).click();
    const link = page.locator('.share-link .copy-link__url').first();
    await link.waitFor();
    const url = await link.inputValue();
    expect(await page.getByRole('link', { name: 'Share on LinkedIn' }).getAttribute('href')).toContain(
      encodeURIComponent(url),
    );
    await expectAccessible(page, 'report with a share link');

    // A stranger's browser: the class, no score, nothing else about the owner.
    const stranger = await b.newPage();
    await stranger.goto(url.replace(/^https?:\/\/[^/]+/, ''));
    await stranger.getByTestId('shared-class').waitFor();
    expect(await stranger.getByTestId('shared-class').textContent()).toContain(api.className);
    expect(await stranger.getByTestId('shared-iq').count()).toBe(0);
    expect(await stranger.locator('body').textContent()).not.toContain(orderNumber);
    await expectAccessible(stranger, 'shared result');

    // Crawlers read the Open Graph tags from the HTML itself, and the image they point to.
    const html = await (await stranger.request.get(url.replace(/^https?:\/\/[^/]+/, ''))).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(image).toContain('/image.png');
    const png = await stranger.request.get(image.replace(/^https?:\/\/[^/]+/, ''));
    expect(png.headers()['content-type']).toBe('image/png');

    await page.getByRole('button', { name: 'Stop sharing' }).click();
    await expect.poll(() => page.locator('.share-link').count()).toBe(0);
    const gone = await b.newPage();
    await gone.goto(url.replace(/^https?:\/\/[^/]+/, ''));
    await expect.poll(() => gone.locator('h1').textContent()).not.toBe('A shared Mindgauge result');
    expect(await gone.getByTestId('shared-class').count()).toBe(0);
  });
});
