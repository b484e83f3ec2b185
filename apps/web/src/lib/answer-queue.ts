import { saveAnswer, type TAnswerInput } from '@mindgauge/contract';
import { ApiResponseError, call, NetworkError } from './api-client';
import { session } from './storage';

const KEY = 'answer-queue';

/**
 * Answers waiting to reach the server (any test: the IQ puzzles and the personality statements), kept in session storage so a refresh or a lost connection loses
 * none. The latest state of an item replaces an older queued one; the queue drains in order when the
 * connection returns.
 */
export function queuedAnswers(): TAnswerInput[] {
  return session.get<TAnswerInput[]>(KEY) ?? [];
}

function store(queue: TAnswerInput[]) {
  session.set(KEY, queue);
}

export function enqueueAnswer(answer: TAnswerInput): void {
  store([...queuedAnswers().filter((a) => !(a.sessionId === answer.sessionId && a.itemId === answer.itemId)), answer]);
}

let draining: Promise<'sent' | 'offline' | 'rejected'> | undefined;

/** Sends every queued answer. Stops at the first network failure (the rest wait); drops answers the server refuses. */
export function drainAnswers(onRejected?: (error: ApiResponseError) => void): Promise<'sent' | 'offline' | 'rejected'> {
  if (draining) return draining;
  draining = (async () => {
    let outcome: 'sent' | 'offline' | 'rejected' = 'sent';
    for (;;) {
      const [next] = queuedAnswers();
      if (!next) break;
      try {
        await call(saveAnswer, { body: next });
      } catch (err) {
        if (err instanceof NetworkError) {
          outcome = 'offline';
          break;
        }
        if (err instanceof ApiResponseError) {
          onRejected?.(err);
          outcome = 'rejected';
        } else throw err;
      }
      // Drop what was sent, unless a newer state of the same item replaced it meanwhile.
      const queue = queuedAnswers();
      if (queue[0] && JSON.stringify(queue[0]) === JSON.stringify(next)) store(queue.slice(1));
    }
    return outcome;
  })().finally(() => {
    draining = undefined;
  });
  return draining;
}
