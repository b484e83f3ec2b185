import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { dbPath } from './lane';

/**
 * The answer key of a session, read from the server's database (only a test may do this). A routed test's
 * key holds the parts given so far: read it again after a part is finished (`keyItem` does).
 */
export function answerKey(sessionId: string): { id: string; answerIndex: number }[] {
  const db = new Database(dbPath(), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select scoring_key from exam_sessions where id = ?').get(sessionId) as {
      scoring_key: string;
    };
    return (JSON.parse(row.scoring_key) as { items: { id: string; answerIndex: number }[] }).items;
  } finally {
    db.close();
  }
}

/** The key entry of the test's i-th item (0..29), re-reading the key when its part has just been given. */
export function keyItem(sessionId: string, i: number): { id: string; answerIndex: number } {
  const item = answerKey(sessionId)[i];
  if (!item) throw new Error(`item ${i} is not given yet`);
  return item;
}

export function savedAnswers(sessionId: string): Map<string, number | null> {
  const db = new Database(dbPath(), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('select item_id, choice from session_answers where session_id = ?').all(sessionId) as {
      item_id: string;
      choice: number | null;
    }[];
    return new Map(rows.map((r) => [r.item_id, r.choice]));
  } finally {
    db.close();
  }
}

/**
 * The test session's id, read from the browser's cookie jar as a test's own key to the server's database: the
 * page itself never sees it (HttpOnly, never in JSON).
 */
export async function sessionIdOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'IQ-exam');
  if (!cookie) throw new Error('the browser holds no test session cookie');
  expect(cookie.httpOnly).toBe(true);
  return cookie.value;
}

/** Whether a response is the start of a test (the POST that creates the session). */
export const isSessionStart = (r: { url(): string; request(): { method(): string } }) =>
  r.url().includes('/api/exam/session/start/') && r.request().method() === 'POST';

/** Opens the landing page and starts the test; returns the session id the server assigned and its deadline. */
export async function startSession(page: Page, hl: string): Promise<{ sessionId: string; deadline: string }> {
  await page.goto(`/landing_page/test_center/IQB-1799?hl=${hl}`);
  await page.locator('h1').waitFor();
  await page.locator('.hero a.button--primary').click();
  // The instructions and the practice puzzle come first; the session (and its clock) starts with part 1.
  await page.locator('#intro-title').waitFor();
  const started = page.waitForResponse(isSessionStart);
  await startPartOne(page);
  const body = await (await started).json();
  await page.locator('.question-pane:not([hidden]) .matrix').waitFor();
  return { sessionId: await sessionIdOf(page), deadline: body.data.deadline as string };
}

/** "Start part 1" on the screen before the clock starts. */
export function startPartOne(page: Page): Promise<void> {
  return page.locator('.test-intro__start button').click();
}

export async function startTest(page: Page, hl: string): Promise<string> {
  return (await startSession(page, hl)).sessionId;
}

export const progressText = (page: Page) => page.locator('.test-bar__count').textContent();

/** Chooses an option, as a person would after thinking for `thinkMs` (the page clock is fast-forwarded). */
export async function answer(page: Page, option: number, thinkMs = 12_000): Promise<void> {
  if (thinkMs) await page.clock.runFor(thinkMs);
  await page.getByRole('radio').nth(option).click();
  await expect.poll(() => page.getByRole('radio').nth(option).getAttribute('aria-checked')).toBe('true');
}

/**
 * At the end of a part: starts the next part (its answers become final; the server routes the next), then
 * past the message between parts.
 */
export async function startNextPart(page: Page): Promise<void> {
  await page.locator('.test-interlude .button-row .button--primary').click();
  await page.locator('#interlude-title').waitFor();
  await page.locator('.test-interlude button').click();
  await page.locator('.question-pane:not([hidden]) .matrix').waitFor();
}

/** NEXT, and past the end of a part and the message between parts when they appear. */
export async function next(page: Page): Promise<void> {
  const before = await progressText(page);
  await page.locator('.test-nav__next').click();
  const partEnd = page.locator('#part-end-title');
  const interlude = page.locator('#interlude-title');
  await expect
    .poll(
      async () =>
        (await partEnd.count()) > 0 ||
        (await interlude.count()) > 0 ||
        (await page.locator('#confirm-title').count()) > 0 ||
        (await progressText(page)) !== before,
    )
    .toBe(true);
  if (await partEnd.count()) await startNextPart(page);
  else if (await interlude.count()) await page.locator('.test-interlude button').click();
}
