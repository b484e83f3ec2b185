import type { ScoringKey } from '@mindgauge/psychometrics';
import { expect } from 'vitest';
import { sessionPost } from './exam-session';
import type { TestApp } from './test-app';

/** The key the server holds for a session now (the parts given so far): tests answer from it. */
export async function storedKey(t: TestApp, sessionId: string): Promise<ScoringKey> {
  const row = await t.deps.db.kysely
    .selectFrom('exam_sessions')
    .select('scoring_key')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.scoring_key) as ScoringKey;
}

export interface Answering {
  /** The choice for the i-th item of the test (0..29), given its key entry. */
  choice: (i: number, k: ScoringKey['items'][number]) => number | null;
  timeMs: (i: number) => number;
}

/**
 * Answers the part in progress as the web app does: the items of the key the server holds that are not in
 * `done` (the items this taker answered before), which it adds there. Returns the key.
 */
export async function answerPart(t: TestApp, sessionId: string, a: Answering, done: Set<string>): Promise<ScoringKey> {
  const key = await storedKey(t, sessionId);
  for (const [i, k] of key.items.entries()) {
    if (done.has(k.id)) continue;
    done.add(k.id);
    const res = await sessionPost(t, sessionId, '/api/exam/session/answer', {
      itemId: k.id,
      choice: a.choice(i, k),
      timeMs: a.timeMs(i),
      firstChoiceMs: Math.min(12_000, a.timeMs(i)),
      changes: 0,
      focusLosses: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return key;
}

/** Finishes part `part`: the server routes the next one, now in progress. */
export async function finishPart(t: TestApp, sessionId: string, part: number): Promise<void> {
  const next = await sessionPost(t, sessionId, '/api/exam/session/part/next', { part });
  expect(next.statusCode, next.body).toBe(200);
  expect(next.json().data.part).toBe(part + 1);
}

/**
 * Takes a routed test through the API as the web app does: answers the part in progress from the key the
 * server holds, then finishes the part (the next is routed on the server), three times; returns the key of
 * all 30 items given. A version 1 session (all parts at once) is answered in one pass.
 */
export async function answerAllParts(t: TestApp, sessionId: string, a: Answering): Promise<ScoringKey> {
  const done = new Set<string>();
  for (let part = 1; part <= 3; part++) {
    const key = await answerPart(t, sessionId, a, done);
    if (key.items.length >= 30) break;
    await finishPart(t, sessionId, part);
  }
  const key = await storedKey(t, sessionId);
  expect(key.items).toHaveLength(30);
  return key;
}

/** Answers like a person: a realistic time per item, most early items right. */
export const honest: Answering = {
  choice: (i, k) => (i < 22 ? k.answerIndex : (k.answerIndex + 1) % 6),
  timeMs: (i) => 25_000 + i * 700,
};
