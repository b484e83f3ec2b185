import type { TExamStats } from '@mindgauge/contract';
import { expect, it } from 'vitest';
import { answersTo, describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import {
  answer,
  answerKey,
  isSessionStart,
  keyItem,
  next,
  progressText,
  savedAnswers,
  sessionIdOf,
  startPartOne,
  startSession,
  startTest,
} from '../support/test-taker';

describeBrowser('taking the IQ test', () => {
  const b = useBrowser();

  it('in English: refresh keeps answers and time, offline answers are queued, edit at confirmation, then locked', async () => {
    const page = await b.newPage();
    await page.clock.install();
    const { sessionId, deadline } = await startSession(page, 'en');
    await expectAccessible(page, 'question screen');
    // A routed test: part 1 is given first; the key grows as the server routes parts 2 and 3.
    expect(answerKey(sessionId)).toHaveLength(10);
    const key: { id: string; answerIndex: number }[] = [];
    const item = (i: number) => {
      key[i] ??= keyItem(sessionId, i);
      return key[i];
    };
    const choiceFor = (i: number) => (i < 22 ? item(i).answerIndex : (item(i).answerIndex + 1) % 6);

    for (let i = 0; i < 30; i++) {
      expect(await progressText(page)).toBe(`${i + 1} / 30`);
      if (i === 13) {
        // Refresh at question 14: answer 13 is kept, and so is the deadline.
        const resumed = page.waitForResponse((r) => r.url().includes('/api/exam/question/list/'));
        await page.reload();
        const body = await (await resumed).json();
        // The same session, from the cookie alone: its id is never in the JSON.
        expect(body.data).not.toHaveProperty('sessionId');
        expect(await sessionIdOf(page)).toBe(sessionId);
        expect(body.data.deadline).toBe(deadline);
        await page.locator('.question-pane:not([hidden]) .matrix').waitFor();
        expect(await progressText(page)).toBe('14 / 30');
        expect(await page.locator('.countdown__value').textContent()).not.toBe('00:25:00');
        await page.getByRole('button', { name: 'Back' }).click();
        expect(await progressText(page)).toBe('13 / 30');
        expect(await page.getByRole('radio').nth(choiceFor(12)).getAttribute('aria-checked')).toBe('true');
        await next(page);
      }
      // Offline inside part 3 (starting a part needs the server: it routes it).
      if (i === 20) await page.context().setOffline(true);
      await answer(page, choiceFor(i));
      if (i === 21) {
        await expect
          .poll(() => page.locator('.test-screen__status').textContent())
          .toContain('sent when you are back online');
        await page.context().setOffline(false);
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
        await expect.poll(() => savedAnswers(sessionId).get(item(21).id)).toBe(choiceFor(21));
        expect(savedAnswers(sessionId).get(item(20).id)).toBe(choiceFor(20));
      }
      if (i === 9) {
        // The end of part 1 says its answers become final when part 2 starts; the visitor may go back first.
        await page.locator('.test-nav__next').click();
        await expect.poll(() => page.locator('#part-end-title').textContent()).toBe('End of part 1');
        expect(await page.locator('.test-interlude p').first().textContent()).toContain(
          'your answers to part 1 become final when part 2 starts',
        );
        await expectAccessible(page, 'end of part 1');
        await page.getByRole('button', { name: 'Review part 1' }).click();
        expect(await progressText(page)).toBe('1 / 30');
        await page.locator('.test-nav__next').click();
        expect(await progressText(page)).toBe('2 / 30');
        for (let j = 1; j < 10; j++) await page.locator('.test-nav__next').click();
        await expect.poll(() => page.locator('#part-end-title').count()).toBe(1);
        // Starting a part is three requests (the queued answers, the routing, the new list): the message
        // shows once the new list is in, however long the server took.
        const routed = page.waitForResponse((r) => r.url().includes('/api/exam/question/list/'));
        await page.getByRole('button', { name: 'Start part 2' }).click();
        await routed;
        await expect.poll(() => page.locator('#interlude-title').count()).toBe(1);
        await expectAccessible(page, 'message after part 1');
        await page.locator('.test-interlude button').click();
        expect(await progressText(page)).toBe('11 / 30');
        // Part 1 is final: Back stops at the first puzzle of part 2, and the server refuses a change.
        expect(await page.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);
        const late = await page.request.post('/api/exam/session/answer', {
          data: { itemId: item(0).id, choice: 0, timeMs: 1, firstChoiceMs: 1, changes: 0, focusLosses: 0 },
        });
        expect([late.status(), (await late.json()).code]).toEqual([409, 'PART_FINISHED']);
        expect(answerKey(sessionId)).toHaveLength(20);
        continue;
      }
      await next(page);
    }

    // Confirmation: only part 3 is still open; edit puzzle 23, then confirm.
    await expect.poll(() => page.locator('#confirm-title').count()).toBe(1);
    await expectAccessible(page, 'confirmation');
    expect(await page.getByRole('button', { name: /Go to puzzle 3,/ }).count()).toBe(0);
    await page.getByRole('button', { name: /Go to puzzle 23,/ }).click();
    expect(await progressText(page)).toBe('23 / 30');
    const edited = (choiceFor(22) + 3) % 6;
    await answer(page, edited, 2_000);
    await page.getByRole('button', { name: 'Review answers' }).click();
    await expect.poll(() => savedAnswers(sessionId).get(item(22).id)).toBe(edited);
    await page.getByRole('button', { name: 'Get My Result' }).click();

    // Evaluating, then the e-mail step.
    await expect
      .poll(() => page.locator('h1').textContent(), { timeout: 20_000 })
      .toMatch(/evaluating|Calculating|Where should we send/);
    await page.clock.runFor(5_000);
    await expect
      .poll(() => page.locator('h1').textContent(), { timeout: 20_000 })
      .toBe('Where should we send your result?');
    await expectAccessible(page, 'e-mail capture');
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await page.getByText('Please input email address').count()).toBe(1);
    await page.getByLabel(/E-mail address/).fill('taker@');
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await page.getByText('Please input correct email address').count()).toBe(1);
    expect(await page.getByText('Please agree to the privacy policy').count()).toBe(1);
    await page.getByLabel(/E-mail address/).fill('taker@example.com');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Your result is saved');
    expect(page.url()).toMatch(/\/answer\/submit\/IQB-1799\?.*order=MG(-[0-9A-HJKMNP-TV-Z]{4}){7}/);
    await expectAccessible(page, 'submitted');
    // The free headline the landing promised: the class band and how many were right (counted here from the
    // answers the server kept and the key it holds), then what a paid report adds.
    expect(await page.getByRole('heading', { name: 'Your free headline' }).count()).toBe(1);
    expect(await page.locator('.headline__class').textContent()).toMatch(
      /^Your class: .+ \(IQ (\d+–\d+|\d+\+|< \d+)\)$/,
    );
    const kept = savedAnswers(sessionId);
    const right = answerKey(sessionId).filter((k) => kept.get(k.id) === k.answerIndex).length;
    // Puzzles 1-22 right; puzzle 23 was wrong and was edited to another wrong answer.
    expect(right).toBe(22);
    expect(await page.locator('.headline__correct').textContent()).toBe(`${right} of 30 puzzles right`);
    expect(await page.getByRole('heading', { name: 'What a paid report adds' }).count()).toBe(1);
    expect(await page.locator('.headline-paid li').count()).toBe(5);
    const submitUrl = page.url();
    // In another language, every word of it changes, the class name too.
    const inGerman = new URL(submitUrl);
    inGerman.searchParams.set('hl', 'de');
    await page.goto(inGerman.toString());
    await expect.poll(() => page.locator('.headline__correct').textContent()).toBe(`${right} von 30 Aufgaben richtig`);
    expect(await page.locator('.headline__class').textContent()).toMatch(/^Ihre Klasse: /);

    // Locked: the question screen now sends the visitor on, and no answer can change.
    await page.goto('/answer_question/standard/IQB-1799');
    // In German now (the last page read was): the server draws the form's German texts first, which can take
    // a moment on a busy machine.
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/answer\/email\//);
    const res = await page.request.post('/api/exam/session/answer', {
      data: { itemId: item(25).id, choice: 0, timeMs: 1, firstChoiceMs: 1, changes: 0, focusLosses: 0 },
    });
    expect(res.status()).toBe(409);

    // Coming back: "Start the test" begins a new test, with the note on retakes; the old order's page stays.
    await page.goto('/landing_page/test_center/IQB-1799?hl=en');
    await page.locator('.hero a.button--primary').click();
    await page.locator('#intro-title').waitFor();
    expect(await page.locator('.test-intro__retake').textContent()).toContain('tends to score a little higher');
    await expectAccessible(page, 'retake note');
    const fresh = page.waitForResponse((r) => isSessionStart(r) && r.request().postDataJSON()?.restart === true);
    await startPartOne(page);
    expect((await fresh).status()).toBe(200);
    expect(await sessionIdOf(page)).not.toBe(sessionId);
    await page.locator('.question-pane:not([hidden]) .matrix').waitFor();
    expect(await progressText(page)).toBe('1 / 30');
    await page.goto(submitUrl);
    await expect
      .poll(() => page.locator('h1').textContent())
      .toMatch(/^(Your result is saved|Ihr Ergebnis ist gespeichert)$/);
  });

  it('in Japanese, with the keyboard: one tab stop, arrows move, Enter chooses', async () => {
    const page = await b.newPage({ locale: 'ja-JP' });
    await page.clock.install();
    const sessionId = await startTest(page, 'ja');
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    expect(await page.locator('.test-nav__next').textContent()).not.toBe('NEXT');
    for (let i = 0; i < 30; i++) {
      await page.clock.runFor(12_000);
      const k = keyItem(sessionId, i);
      const target = i < 22 ? k.answerIndex : (k.answerIndex + 2) % 6;
      await page.getByRole('radio').first().focus();
      const start = Number(
        await page.evaluate(() =>
          [...document.querySelectorAll('.question-pane:not([hidden]) [role=radio]')].indexOf(
            document.activeElement as Element,
          ),
        ),
      );
      for (let s = start; s < target; s++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('radio').nth(target).getAttribute('aria-checked')).toBe('true');
      // Only the chosen option is in the tab order.
      expect(await page.locator('.question-pane:not([hidden]) [role=radio][tabindex="0"]').count()).toBe(1);
      await next(page);
    }
    await expect.poll(() => page.locator('#confirm-title').count()).toBe(1);
    await page.locator('.button-row .button--primary').click();
    await page.clock.runFor(5_000);
    await expect.poll(() => page.url(), { timeout: 20_000 }).toMatch(/\/answer\/email\//);
    await expectAccessible(page, 'e-mail capture ja');
  });

  it('the landing shows the platform numbers, and a lost connection at the start offers a refresh that keeps records', async () => {
    const page = await b.newPage();
    const platform = answersTo<TExamStats>(page, '/api/exam/stats/1799');
    await page.goto('/landing_page/test_center/IQB-1799?hl=en');
    await expect.poll(() => page.getByRole('heading', { name: 'Results by country' }).count()).toBe(1);
    // The prerendered landing has its headings at once; the platform's numbers fill in after hydration.
    await expect.poll(() => page.getByText(/Country averages appear here once enough people/).count()).toBe(1);
    // The page shows exactly what the platform counted (no country reaches the minimum sample in this run).
    const stats = await platform.latest();
    expect(await page.getByText(/(people have|person has) taken this test here so far/).count()).toBe(
      stats.tested > 0 ? 1 : 0,
    );
    expect(await page.getByText(/Country averages appear here once enough people/).count()).toBe(1);
    expect(stats.countries).toEqual([]);
    await page.route('**/api/exam/session/start/**', (route) => route.abort('internetdisconnected'));
    await page.locator('.hero a.button--primary').click();
    await startPartOne(page);
    await expect
      .poll(() => page.locator('h1').textContent(), { timeout: 15_000 })
      .toBe('Your connection seems unstable');
    expect(await page.getByText('Your answers are saved. Refresh to continue where you left off.').count()).toBe(1);
  });

  it('a rapid-clicking session lands on the abnormal-test page, and can redo the test', async () => {
    const page = await b.newPage();
    await page.clock.install();
    const sessionId = await startTest(page, 'en');
    for (let i = 0; i < 30; i++) {
      await answer(page, i % 6, 300);
      await next(page);
    }
    await page.getByRole('button', { name: 'Get My Result' }).click();
    await expect
      .poll(() => page.locator('h1').textContent(), { timeout: 20_000 })
      .toBe('Unable to analyze test results');
    expect(
      await page.getByText('IQ measurement is not possible because the test is not conducted in a normal way.').count(),
    ).toBe(1);
    // The page names what was seen.
    expect(await page.getByText('What we saw:').count()).toBe(1);
    expect(await page.getByText('Many answers came faster than anyone could read the puzzle.').count()).toBe(1);
    await expectAccessible(page, 'abnormal');
    expect(await page.getByRole('link', { name: 'Contact support' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Redo the test' }).click();
    await page.locator('.question-pane:not([hidden]) .matrix').waitFor();
    expect(await progressText(page)).toBe('1 / 30');
    expect(await sessionIdOf(page)).not.toBe(sessionId);
  });
});
