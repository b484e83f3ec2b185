import { saveAnswer, type TAnswerInput } from '@mindgauge/contract';
import { ApiResponseError, call, NetworkError } from './api-client';
import { session } from './storage';

const KEY = 'answer-queue';

/**
 * A queued answer, tagged with the session it belongs to (its local key, see `localSessionKey`): the server
 * saves to the session in the cookie, so an answer left over from an abandoned session is dropped, not sent.
 */
interface QueuedAnswer {
  session: string;
  answer: TAnswerInput;
}

/**
 * Answers waiting to reach the server (any test: the IQ puzzles and the personality statements), kept in
 * session storage so a refresh or a lost connection loses
 * none. The latest state of an item replaces an older queued one; the queue drains in order when the
 * connection returns.
 */
function queued(): QueuedAnswer[] {
  const stored = session.get<QueuedAnswer[]>(KEY) ?? [];
  // An entry stored by an earlier version of this page (the bare answer) has no session tag: dropped.
  return stored.filter((q) => typeof q?.session === 'string' && typeof q.answer === 'object');
}

/** How many answers of this session wait to be sent. */
export function queuedAnswers(sessionKey: string): number {
  return queued().filter((q) => q.session === sessionKey).length;
}

/** The answers of this session still waiting to be sent (to show them as given). */
export function pendingAnswers(sessionKey: string): TAnswerInput[] {
  return queued()
    .filter((q) => q.session === sessionKey)
    .map((q) => q.answer);
}

function store(queue: QueuedAnswer[]) {
  session.set(KEY, queue);
}

export function enqueueAnswer(sessionKey: string, answer: TAnswerInput): void {
  store([
    ...queued().filter((q) => q.session === sessionKey && q.answer.itemId !== answer.itemId),
    { session: sessionKey, answer },
  ]);
}

let draining: Promise<'sent' | 'offline' | 'rejected'> | undefined;

/**
 * Sends every queued answer of this session (the one in the cookie). Stops at the first network failure (the
 * rest wait); drops answers the server refuses, and any left over from another session.
 */
export function drainAnswers(
  sessionKey: string,
  onRejected?: (error: ApiResponseError) => void,
): Promise<'sent' | 'offline' | 'rejected'> {
  if (draining) return draining;
  draining = (async () => {
    let outcome: 'sent' | 'offline' | 'rejected' = 'sent';
    store(queued().filter((q) => q.session === sessionKey));
    for (;;) {
      const [next] = queued();
      if (!next) break;
      try {
        await call(saveAnswer, { body: next.answer });
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
      const queue = queued();
      if (queue[0] && JSON.stringify(queue[0]) === JSON.stringify(next)) store(queue.slice(1));
    }
    return outcome;
  })().finally(() => {
    draining = undefined;
  });
  return draining;
}
