import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TSocialProof } from '@mindgauge/contract';
import { expect, it } from 'vitest';
import { answersTo, describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { buyViaApi, expectHeading, finishTestViaApi } from '../support/checkout';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mindgauge-e2e-growth-'));

describeBrowser('the about-you form, social proof and buyer reviews', () => {
  const b = useBrowser();

  it('the form screen checks its fields in the visitor language, saves, and names the certificate', async () => {
    const page = await b.newPage();
    const email = 'about-you-e2e@example.com';
    const orderNumber = await finishTestViaApi(page, 'fr', email);
    await page.goto(`/answer/submit/IQB-1799?order=${orderNumber}&hl=fr`);
    await page.getByRole('link', { name: 'Ajouter votre nom pour le certificat (facultatif)' }).click();
    await expectHeading(page, 'À propos de vous');
    await page.getByLabel('Adresse e-mail').fill('');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => page.getByText('Veuillez saisir votre nom').count()).toBe(2);
    expect(await page.getByRole('textbox', { name: 'Prénom' }).getAttribute('aria-invalid')).toBe('true');
    // The first invalid field has the focus (keyboard and screen reader users land on it).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
    await expectAccessible(page, 'about-you form with errors');

    await page.getByRole('textbox', { name: 'Prénom' }).fill('Ada');
    await page.locator('input[name="lastName"]').fill('Lovelace');
    await page.getByLabel('Adresse e-mail').fill(email);
    const birthYear = page.getByRole('textbox', { name: 'Année de naissance' });
    await birthYear.fill('1815');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const year = new Date().getFullYear();
    await expect.poll(() => page.getByText(`Veuillez saisir une année entre 1900 et ${year}.`).count()).toBe(1);
    await birthYear.fill('1990');
    await page.getByLabel('Genre', { exact: true }).selectOption('female');
    await page.getByLabel('Pays/région', { exact: true }).selectOption('GB');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText("C'est enregistré. Votre certificat portera le nom Ada Lovelace.").waitFor();
    await expectAccessible(page, 'about-you saved');

    // The certificate carries the name given on the form.
    await buyViaApi(page, orderNumber, email, 'sku4');
    await page.goto(`/report/result-download/IQB-1799?order=${orderNumber}&hl=en`);
    await expectHeading(page, 'Your files');
    // Named on the form: the files page says so instead of asking again.
    await page.getByText('Name on the certificate: Ada Lovelace').waitFor();
    expect(await page.locator('input[name="certificateName"]').count()).toBe(0);
    const [cert] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the certificate' }).click(),
    ]);
    const file = path.join(dir, 'certificate.pdf');
    await cert.saveAs(file);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('Ada Lovelace');
    await expect.poll(() => page.getByText('Name on the certificate: Ada Lovelace').count()).toBe(1);
  });

  it('a buyer rates the report under its overview; the review waits for moderation', async () => {
    const page = await b.newPage();
    const email = 'reviewer-e2e@example.com';
    const orderNumber = await finishTestViaApi(page, 'en', email);
    await buyViaApi(page, orderNumber, email);
    await page.goto(`/report/result/IQB-1799?order=${orderNumber}&hl=en`);
    await page.getByRole('heading', { name: 'Rate your report' }).waitFor();
    await page.getByRole('button', { name: 'Send review' }).click();
    await expect.poll(() => page.getByText('Please choose a rating.').count()).toBe(1);
    await page.getByLabel('4 stars').check();
    await page.getByLabel('Your review').fill('Clear and honest. <b>not bold</b>');
    await page.getByRole('button', { name: 'Send review' }).click();
    await expect.poll(() => page.getByText('Thank you! Your review will appear once we have read it.').count()).toBe(1);
    await expectAccessible(page, 'report with review sent');
    // Held for moderation: not listed yet.
    const list = (await (await page.request.get('/api/exam/review/list/1799/en')).json()).data;
    expect(JSON.stringify(list)).not.toContain('Clear and honest');
  });

  it('the landing shows the counters from real completions and no invented notice', async () => {
    const page = await b.newPage();
    const proof = answersTo<TSocialProof>(page, '/api/exam/social-proof/1799');
    await page.goto('/landing_page/test_center/IQB-1799?hl=en');
    await page.getByRole('heading', { name: 'People who took this test here' }).waitFor();
    const formatted = (p: TSocialProof) =>
      [p.counters.lastWeek, p.counters.last30Days, p.counters.allTime]
        .map((n) => new Intl.NumberFormat('en').format(n))
        .join(' ');
    // The page shows the latest answer it was given (a refetch would replace the first).
    await expect
      .poll(async () => {
        const shown = (await page.locator('.social-proof__number').allTextContents()).join(' ');
        const given = formatted(await proof.latest());
        return shown === given ? 'the answer given' : `${shown} (given ${given})`;
      })
      .toBe('the answer given');
    const api = await proof.latest();
    expect(await page.locator('.social-proof__recent li').count()).toBe(api.recent.length);
    await expectAccessible(page, 'landing with social proof');
  });
});
