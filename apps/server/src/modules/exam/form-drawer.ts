import type { Worker } from 'node:worker_threads';
import type { ScoringKey } from '@mindgauge/psychometrics';
import { startWorker } from '../../lib/worker-script';
import type { PanelLabels, StoredForm } from './exam-form';

/** A form drawn by the worker: its scoring key (as stored) and its questions' JSON in one language. */
export interface DrawnForm {
  key: string;
  questions: Buffer;
}

interface Job {
  id: number;
  stored: StoredForm;
  /** The drawings' names in a language; absent when only the scoring key is wanted. */
  labels?: PanelLabels;
  resolve(answer: WorkerAnswer): void;
  reject(err: Error): void;
}

interface WorkerAnswer {
  id: number;
  key?: string;
  questions?: Uint8Array;
  scoringKey?: ScoringKey;
  error?: string;
}

/**
 * Draws forms on one worker thread (form-draw-worker.ts) so that starting or resuming a test never holds the
 * event loop (a form is 9-70 ms of CPU; at 50 concurrent first visits the server stalled for seconds, issue
 * 14). Jobs go one at a time, those a visitor waits for (`urgent`) before the pool's refills, so a visitor
 * waits at most for one refill's drawing. The worker starts on the first job and is replaced after it dies
 * (its job fails; the next one runs on a new worker), as the PDF render pool's (decision 0027).
 */
type Priority = 'urgent' | 'background';

export function formDrawer() {
  const urgent: Job[] = [];
  const background: Job[] = [];
  let worker: Worker | undefined;
  let running: Job | undefined;
  let nextId = 1;
  let closed = false;

  function spawn(): Worker {
    const w = startWorker('form-draw-worker', import.meta.url, '../../../dist');
    // An idle drawer must not keep a process alive (the server's socket does that).
    w.unref();
    w.on('message', (msg: WorkerAnswer) => {
      const job = running;
      if (!job || job.id !== msg.id) return;
      running = undefined;
      if (msg.error === undefined) job.resolve(msg);
      else job.reject(new Error(`form draw failed: ${msg.error}`));
      pump();
    });
    const lost = (err: Error) => {
      if (worker !== w) return;
      worker = undefined;
      running?.reject(err);
      running = undefined;
      pump();
    };
    w.on('error', lost);
    w.on('exit', (code) => lost(new Error(`form-drawing worker exited (${code})`)));
    return w;
  }

  function pump(): void {
    if (running || closed) return;
    const job = urgent.shift() ?? background.shift();
    if (!job) return;
    worker ??= spawn();
    running = job;
    // Only what the form is drawn from crosses to the thread (a caller may pass a whole session row).
    const { seed, form_version, route } = job.stored;
    worker.postMessage({ id: job.id, stored: { seed, form_version, route }, labels: job.labels });
  }

  function run(stored: StoredForm, labels: PanelLabels | undefined, priority: Priority): Promise<WorkerAnswer> {
    if (closed) return Promise.reject(new Error('form drawer closed'));
    return new Promise<WorkerAnswer>((resolve, reject) => {
      const job: Job = { id: nextId++, stored, resolve, reject, ...(labels ? { labels } : {}) };
      (priority === 'urgent' ? urgent : background).push(job);
      pump();
    });
  }

  return {
    /** The form of `stored`, its drawings named with `labels`; `urgent` when a visitor waits for it. */
    async draw(stored: StoredForm, labels: PanelLabels, priority: Priority): Promise<DrawnForm> {
      const { key, questions } = await run(stored, labels, priority);
      if (key === undefined || !questions) throw new Error('form draw failed: no form in the answer');
      return { key, questions: Buffer.from(questions.buffer, questions.byteOffset, questions.byteLength) };
    },
    /** The scoring key of `stored`'s form (routing a part, scoring), worked out on the worker. */
    async scoringKey(stored: StoredForm): Promise<ScoringKey> {
      const answer = await run(stored, undefined, 'urgent');
      if (!answer.scoringKey) throw new Error('form draw failed: no key in the answer');
      return answer.scoringKey;
    },
    async close(): Promise<void> {
      closed = true;
      const err = new Error('form drawer closed');
      for (const job of [...urgent.splice(0), ...background.splice(0)]) job.reject(err);
      running?.reject(err);
      running = undefined;
      const w = worker;
      worker = undefined;
      await w?.terminate();
    },
  };
}
export type FormDrawer = ReturnType<typeof formDrawer>;
