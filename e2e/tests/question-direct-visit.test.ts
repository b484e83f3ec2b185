import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { answer, isSessionStart, progressText, sessionIdOf, startPartOne } from '../support/test-taker';

describeBrowser('a direct visit to the question screen, on a phone', () => {
  const b = useBrowser();

  it('goes to the instructions and practice first when no test was started here: no clock starts', async () => {
    const page = await b.newPage();
    const listCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/exam/question/list/') && listCalls.push(r.url()));
    await page.goto('/answer_question/standard/IQB-1799?hl=en&gclid=g1');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/answer_question/start_loading/IQB-1799');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Before you start');
    // The kept query parameters survive the detour.
    expect(new URL(page.url()).searchParams.get('gclid')).toBe('g1');
    // Nothing asked the server for a session: no timer runs.
    expect(listCalls).toEqual([]);
    await expectAccessible(page, 'instructions after a direct visit');
    // The short alias goes the same way.
    await page.goto('/question/IQB-1799?hl=en');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/answer_question/start_loading/IQB-1799');
    expect(listCalls).toEqual([]);
  });

  it('a test already started resumes where it was, on a refresh and on a direct visit', async () => {
    const page = await b.newPage();
    await page.clock.install();
    await page.goto('/landing_page/test_center/IQB-1799?hl=en');
    await page.locator('.hero a.button--primary').click();
    await page.locator('#intro-title').waitFor();
    const started = page.waitForResponse(isSessionStart);
    await startPartOne(page);
    await started;
    // The session rides only in its HttpOnly cookie (issue 13).
    const sessionId = await sessionIdOf(page);
    await page.locator('.question-pane:not([hidden]) .matrix').waitFor();
    for (let i = 0; i < 3; i++) {
      await answer(page, 0);
      await page.locator('.test-nav__next').click();
      await expect.poll(() => progressText(page)).toBe(`${i + 2} / 30`);
    }

    await page.reload();
    await page.locator('.question-pane:not([hidden]) .matrix').waitFor();
    expect(await progressText(page)).toBe('4 / 30');

    await page.goto('/answer_question/standard/IQB-1799?hl=en');
    expect(await sessionIdOf(page)).toBe(sessionId);
    await page.locator('.question-pane:not([hidden]) .matrix').waitFor();
    expect(new URL(page.url()).pathname).toBe('/answer_question/standard/IQB-1799');
    expect(await progressText(page)).toBe('4 / 30');
  });
});
