import { PERSONALITY_ITEMS } from '@mindgauge/psychometrics';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { buyViaApi } from '../support/checkout';
import { intjChoice, text } from '../support/personality';

/** The questionnaire answered through the API from this browser (its cookie), and the free result's order. */
async function typeViaApi(page: Page): Promise<string> {
  await page.goto('/?hl=en');
  const start = await page.request.post('/api/exam/session/start/1800/en', { data: { restart: true } });
  expect(start.status()).toBe(200);
  for (const [i, it] of PERSONALITY_ITEMS.entries()) {
    const res = await page.request.post('/api/exam/session/answer', {
      data: {
        examId: 1800,
        itemId: it.id,
        choice: intjChoice(i),
        timeMs: 4000,
        firstChoiceMs: 3000,
        changes: 0,
        focusLosses: 0,
      },
    });
    expect(res.status()).toBe(200);
  }
  expect((await page.request.post('/api/exam/session/confirm', { data: { examId: 1800 } })).status()).toBe(200);
  const order = (await (await page.request.post('/api/exam/order/info', { data: { examId: 1800 } })).json()).data;
  expect(order.personality.type).toBe('INTJ');
  return order.orderNumber as string;
}

const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

describeBrowser('sharing the personality profile', () => {
  const b = useBrowser();

  it('from the paid profile: share, open the link in a fresh browser in its own language, see the type; stop it', async () => {
    const page = await b.newPage();
    const email = 'type-share-e2e@example.com';
    const orderNumber = await typeViaApi(page);
    await buyViaApi(page, orderNumber, email, 'sku1', 1800);

    await page.goto(`/personality/report/MBT-1800?order=${orderNumber}`);
    await page.getByRole('heading', { name: text('en', 'personality-share:owner.title') }).waitFor();
    // Before sharing, the owner reads what a link shows and what it never shows.
    expect(await page.getByText(text('en', 'personality-share:owner.lead')).count()).toBe(1);
    const leans = page.getByLabel(text('en', 'personality-share:owner.showLeans'));
    expect(await leans.isChecked()).toBe(false);
    await page.getByRole('button', { name: text('en', 'report:share.create') }).click();
    const link = page.locator('.share-link .copy-link__url').first();
    await link.waitFor();
    const url = await link.inputValue();
    expect(await page.locator('.share-link .meta').first().textContent()).toBe(
      text('en', 'personality-share:owner.withoutLeans'),
    );
    await expectAccessible(page, 'personality profile with a share link');

    // A stranger whose browser speaks French: the type in French, nothing about the owner or the profile.
    const stranger = await b.newPage({ locale: 'fr-FR' });
    await stranger.goto(local(url));
    await stranger.getByTestId('shared-type').waitFor();
    await expect.poll(() => stranger.locator('.type-hero__code').textContent()).toBe('INTJ');
    expect(await stranger.getByTestId('shared-type').textContent()).toContain(text('fr', 'types:types.INTJ.name'));
    expect(await stranger.getByTestId('shared-family').textContent()).toContain(text('fr', 'types:families.nt.name'));
    expect(
      await stranger
        .getByRole('img', {
          name: text('fr', 'types:typePage.emblemLabel', { name: text('fr', 'types:types.INTJ.name') }),
        })
        .count(),
    ).toBe(1);
    expect(await stranger.getByText(text('fr', 'personality-share:page.leansHidden')).count()).toBe(1);
    expect(await stranger.getByText(text('fr', 'personality-test:result.what')).count()).toBe(1);
    const body = (await stranger.locator('body').textContent()) ?? '';
    expect(body).not.toContain(orderNumber);
    expect(body).not.toContain(email);
    expect(body).not.toContain(text('fr', 'types:types.INTJ.strengths').slice(0, 40));
    await expectAccessible(stranger, 'shared personality type');

    // Crawlers read the Open Graph tags from the HTML itself, in the page's language, and the image they name.
    const html = await (await stranger.request.get(local(url))).text();
    const og = (p: string) => new RegExp(`<meta property="${p}" content="([^"]+)"`).exec(html)?.[1] ?? '';
    expect(og('og:title')).toContain('INTJ');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const png = await stranger.request.get(local(og('og:image')));
    expect(png.headers()['content-type']).toBe('image/png');

    // Stopping the link ends it: its page is the 404 page, its image is gone.
    await page.getByRole('button', { name: text('en', 'report:share.revoke') }).click();
    await expect.poll(() => page.locator('.share-link').count()).toBe(0);
    const gone = await b.newPage();
    await gone.goto(local(url));
    await expect.poll(() => gone.locator('h1').count()).toBeGreaterThan(0);
    expect(await gone.getByTestId('shared-type').count()).toBe(0);
    expect((await gone.request.get(local(og('og:image')))).status()).toBe(404);
  });
});
