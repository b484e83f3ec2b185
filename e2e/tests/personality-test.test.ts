import type { Locale } from '@mindgauge/contract';
import { loadAllResources } from '@mindgauge/locales/node';
import { PERSONALITY_ITEMS } from '@mindgauge/psychometrics';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';

interface PersonalityTestText {
  test: { part: string; finish: string; next: string };
  result: { eyebrow: string; whatTitle: string; what: string; typeLink: string };
  again: { title: string; button: string };
}
const resources = loadAllResources();
const text = (locale: Locale) => resources[locale]['personality-test'] as unknown as PersonalityTestText;
const typeName = (locale: Locale, code: string) =>
  (resources[locale].types as unknown as { types: Record<string, { name: string }> }).types[code]?.name ?? '';
const homeCard = (locale: Locale) =>
  (resources[locale].common as unknown as { home: { ctaPersonality: string } }).home.ctaPersonality;
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(values[k] ?? ''));

/**
 * A person leaning I, N, T and J: every statement answered from its axis and keying, with some spread so
 * the answer-style checks see a person, not a pattern (choice 0 strongly disagree .. 4 strongly agree).
 */
function intjChoice(index: number): number {
  const item = PERSONALITY_ITEMS[index] as (typeof PERSONALITY_ITEMS)[number];
  const lean: Record<string, number> = { EI: -1.5, SN: -1.2, TF: 1.4, JP: 1.1 };
  const wobble = [0, 1, -1, 0, 1, 0, -1, 1][index % 8] as number;
  return Math.min(4, Math.max(0, Math.round(2 + item.keying * (lean[item.axis] ?? 0) + wobble * 0.6)));
}

/** Answers the part on screen (its ten statements) by clicking each chosen option's label. */
async function answerPart(page: Page, choose: (index: number) => number) {
  const fieldsets = page.locator('fieldset.likert');
  await expect.poll(() => fieldsets.count()).toBe(10);
  for (let i = 0; i < 10; i++) {
    const id = (await fieldsets.nth(i).getAttribute('id'))?.replace('statement-', '') ?? '';
    const index = PERSONALITY_ITEMS.findIndex((it) => it.id === id);
    await page.locator(`label[for="likert-${id}-${choose(index)}"]`).click();
  }
}

/** The number of answers the server holds for the page's questionnaire session. */
async function savedAnswers(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const res = await fetch('/api/exam/question/list/1800/en');
    return ((await res.json()) as { data: { answers: { choice: number | null }[] } }).data.answers.filter(
      (a) => a.choice !== null,
    ).length;
  });
}

describeBrowser('the personality test', () => {
  const b = useBrowser();

  for (const locale of ['en', 'ko'] as const) {
    it(`${locale}: from the home card through the questionnaire to the type, its axes and its type page`, async () => {
      const t = text(locale);
      const page = await b.newPage();
      await page.goto(`/?hl=${locale}`);
      await page.getByRole('link', { name: homeCard(locale) }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/landing_page/types/MBT-1800');
      const start = (resources[locale].types as unknown as { landing: { start: string } }).landing.start;
      await page.getByRole('link', { name: start }).first().click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/personality/test/MBT-1800');
      await expect.poll(() => page.locator('h1').textContent()).toBe(fill(t.test.part, { part: 1, parts: 4 }));
      await expectAccessible(page, `personality test ${locale}`);

      // The scale is a radio group per statement: arrow keys move along it.
      const first = page.locator('fieldset.likert').first();
      await first.locator('input[type="radio"]').first().focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await first.locator('input:checked').getAttribute('value')).toBe('2');

      await answerPart(page, intjChoice);
      await page.getByRole('button', { name: t.test.next }).click();
      await expect.poll(() => page.locator('h1').textContent()).toBe(fill(t.test.part, { part: 2, parts: 4 }));
      await answerPart(page, intjChoice);
      await expect.poll(() => page.locator('progress').getAttribute('value')).toBe('20');
      await page.getByRole('button', { name: t.test.next }).click();
      await expect.poll(() => page.locator('h1').textContent()).toBe(fill(t.test.part, { part: 3, parts: 4 }));

      for (let part = 3; part <= 4; part++) {
        await answerPart(page, intjChoice);
        if (part < 4) await page.getByRole('button', { name: t.test.next }).click();
      }
      await page.getByRole('button', { name: t.test.finish }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/personality/result/MBT-1800');
      await expect.poll(() => page.locator('.type-hero__code').textContent()).toBe('INTJ');
      expect(await page.locator('h1').textContent()).toContain(typeName(locale, 'INTJ'));
      expect(await page.locator('.axis-bar').count()).toBe(4);
      expect(await page.getByRole('heading', { name: t.result.whatTitle }).count()).toBe(1);
      expect(await page.getByText(t.result.what).count()).toBe(1);
      await expectAccessible(page, `personality result ${locale}`);

      await page.getByRole('link', { name: fill(t.result.typeLink, { name: typeName(locale, 'INTJ') }) }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/types/intj/MBT-1800');
      await expect.poll(() => page.locator('h1').textContent()).toBe(typeName(locale, 'INTJ'));
    });
  }

  it('a refresh mid-test keeps every answer given and opens the first part with a gap', async () => {
    const t = text('en');
    const page = await b.newPage();
    await page.goto('/personality/test/MBT-1800?hl=en');
    await answerPart(page, intjChoice);
    await page.getByRole('button', { name: t.test.next }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(fill(t.test.part, { part: 2, parts: 4 }));
    // Three statements of part 2, then a refresh.
    const fieldsets = page.locator('fieldset.likert');
    for (let i = 0; i < 3; i++) await fieldsets.nth(i).locator('label').nth(4).click();
    await expect.poll(() => savedAnswers(page)).toBe(13);
    await page.reload();
    await expect.poll(() => page.locator('h1').textContent()).toBe(fill(t.test.part, { part: 2, parts: 4 }));
    expect(await page.locator('progress').getAttribute('value')).toBe('13');
    for (let i = 0; i < 3; i++) expect(await fieldsets.nth(i).locator('input').nth(4).isChecked()).toBe(true);
    expect(await fieldsets.nth(3).locator('input:checked').count()).toBe(0);
  });

  it('a straight-lined sheet is refused kindly, with no type, and can be answered again', async () => {
    const t = text('en');
    const page = await b.newPage();
    await page.goto('/personality/test/MBT-1800?hl=en');
    for (let part = 1; part <= 4; part++) {
      await answerPart(page, () => 2);
      if (part < 4) await page.getByRole('button', { name: t.test.next }).click();
    }
    await page.getByRole('button', { name: t.test.finish }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(t.again.title);
    expect(await page.locator('.type-hero__code').count()).toBe(0);
    await expectAccessible(page, 'answer again');
    await page.getByRole('button', { name: t.again.button }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/personality/test/MBT-1800');
    await expect.poll(() => page.locator('h1').textContent()).toBe(fill(t.test.part, { part: 1, parts: 4 }));
    expect(await page.locator('progress').getAttribute('value')).toBe('0');
  });

  it('"about the test" says the reliability is not known yet below its sample, and is accessible', async () => {
    const page = await b.newPage();
    await page.goto('/personality/about/MBT-1800?hl=ja');
    const about = (resources.ja['personality-test'] as unknown as { about: { title: string; notKnown: string } }).about;
    await expect.poll(() => page.locator('h1').textContent()).toBe(about.title);
    expect(await page.getByText(about.notKnown, { exact: true }).count()).toBe(1);
    await expectAccessible(page, 'about the personality test ja');
  });

  it("each test's screens keep to their exam: a scope of the other exam goes to the right test", async () => {
    const page = await b.newPage();
    await page.goto('/answer_question/standard/MBT-1800?hl=en');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/personality/test/MBT-1800');
    await page.goto('/personality/test/IQB-1799?hl=en');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/personality/test/MBT-1800');
    // No IQ session (and no IQ clock) was started by the detour.
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('IQ-exam');
  });
});
