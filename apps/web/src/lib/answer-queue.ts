import { saveAnswer, type TAnswerInput } from '@mindgauge/contract';
import { ApiResponseError, call, NetworkError } from './api-client';
import { session } from './storage';

/**
 * Whose answers: the exam (each test has its own session cookie, so both can be open at once) and, within it,
 * the session (its local key, see `localSessionKey` / `sheetKey`).
 */
export interface QueueOwner {
  examId: number;
  session: string;
}

/** One queue per exam: draining the IQ test's queue never touches the personality test's, and back. */
const keyOf = (examId: number) => `answer-queue-${examId}`;

/**
 * A queued answer, tagged with the session it belongs to: the server saves to the exam's session in its cookie,
 * so an answer left over from an abandoned session of the same exam is dropped, not sent.
 */
interface QueuedAnswer {
  session: string;
  answer: TAnswerInput;
}

/**
 * Answers waiting to reach the server, kept in session storage so a refresh or a lost connection loses none.
 * The latest state of an item replaces an older queued one; the queue drains in order when the connection
 * returns.
 */
function queued(examId: number): QueuedAnswer[] {
  const stored = session.get<QueuedAnswer[]>(keyOf(examId)) ?? [];
  // An entry of another shape (an earlier version of this page) has no session tag: dropped.
  return stored.filter((q) => typeof q?.session === 'string' && typeof q.answer === 'object');
}

function store(examId: number, queue: QueuedAnswer[]) {
  session.set(keyOf(examId), queue);
}

/** How many answers of this session wait to be sent. */
export function queuedAnswers(o: QueueOwner): number {
  return pendingAnswers(o).length;
}

/** The answers of this session still waiting to be sent (to show them as given). */
export function pendingAnswers(o: QueueOwner): TAnswerInput[] {
  return queued(o.examId)
    .filter((q) => q.session === o.session)
    .map((q) => q.answer);
}

export function enqueueAnswer(o: QueueOwner, answer: TAnswerInput): void {
  store(o.examId, [
    // A newer session of this exam supersedes an older one's leftovers; other exams' queues are not read here.
    ...queued(o.examId).filter((q) => q.session === o.session && q.answer.itemId !== answer.itemId),
    { session: o.session, answer: { ...answer, examId: o.examId } },
  ]);
}

/** The drain in flight, per exam: a second call for the same exam waits for it rather than sending twice. */
const draining = new Map<number, Promise<'sent' | 'offline' | 'rejected'>>();

/**
 * Sends every queued answer of this session (the one in the exam's cookie). Stops at the first network failure
 * (the rest wait); drops answers the server refuses, and any left over from another session of the same exam.
 */
export function drainAnswers(
  o: QueueOwner,
  onRejected?: (error: ApiResponseError) => void,
): Promise<'sent' | 'offline' | 'rejected'> {
  const running = draining.get(o.examId);
  if (running) return running;
  const run = (async () => {
    let outcome: 'sent' | 'offline' | 'rejected' = 'sent';
    store(
      o.examId,
      queued(o.examId).filter((q) => q.session === o.session),
    );
    for (;;) {
      const [next] = queued(o.examId);
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
      const queue = queued(o.examId);
      if (queue[0] && JSON.stringify(queue[0]) === JSON.stringify(next)) store(o.examId, queue.slice(1));
    }
    return outcome;
  })().finally(() => {
    draining.delete(o.examId);
  });
  draining.set(o.examId, run);
  return run;
}
