import { afterEach, describe, expect, it, vi } from 'vitest';
import { drainAnswers, enqueueAnswer, pendingAnswers, queuedAnswers } from './answer-queue';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const iq = { examId: 1799, session: '1799-1000' };
const personality = { examId: 1800, session: '1800:2000' };
const answer = (examId: number, itemId: string, choice: number) => ({
  examId,
  itemId,
  choice,
  timeMs: 1000,
  firstChoiceMs: 500,
  changes: 0,
  focusLosses: 0,
});

/** The answers the server received (the request bodies), the server answering as it does when it saves one. */
function serverReceiving() {
  const bodies: { examId?: number; itemId: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return Response.json({ result: 200, data: { answered: bodies.length } });
    }),
  );
  return bodies;
}

describe('the offline answer queue', () => {
  it("draining one test's queue keeps the other test's answers (the tests have a session each)", async () => {
    const sent = serverReceiving();
    // The personality sheet went offline with an answer queued; the visitor then took the IQ test.
    enqueueAnswer(personality, answer(1800, 'p1', 3));
    enqueueAnswer(iq, answer(1799, 'q1', 2));
    expect(await drainAnswers(iq)).toBe('sent');
    expect(sent.map((b) => b.itemId)).toEqual(['q1']);
    expect(pendingAnswers(personality).map((a) => a.itemId)).toEqual(['p1']);
    // Back on the personality sheet, its answer still reaches the server.
    expect(await drainAnswers(personality)).toBe('sent');
    expect(sent.map((b) => [b.examId, b.itemId])).toEqual([
      [1799, 'q1'],
      [1800, 'p1'],
    ]);
    expect(queuedAnswers(personality)).toBe(0);
  });

  it("a new answer of one test keeps the other test's queued answers", () => {
    enqueueAnswer(personality, answer(1800, 'p1', 3));
    enqueueAnswer(iq, answer(1799, 'q1', 2));
    expect(queuedAnswers(personality)).toBe(1);
    expect(queuedAnswers(iq)).toBe(1);
  });

  it('drops the leftovers of an abandoned session of the same test, and only those', async () => {
    const sent = serverReceiving();
    const abandoned = { examId: 1799, session: '1799-500' };
    enqueueAnswer(abandoned, answer(1799, 'old', 1));
    enqueueAnswer(personality, answer(1800, 'p1', 3));
    enqueueAnswer(iq, answer(1799, 'q1', 2));
    await drainAnswers(iq);
    expect(sent.map((b) => b.itemId)).toEqual(['q1']);
    expect(queuedAnswers(abandoned)).toBe(0);
    expect(queuedAnswers(personality)).toBe(1);
  });

  it('keeps only the latest state of an item, and waits while offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    enqueueAnswer(iq, answer(1799, 'q1', 2));
    enqueueAnswer(iq, answer(1799, 'q1', 4));
    expect(await drainAnswers(iq)).toBe('offline');
    expect(pendingAnswers(iq)).toEqual([answer(1799, 'q1', 4)]);
  });
});
