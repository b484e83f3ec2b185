import type { Worker } from 'node:worker_threads';
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
  labels: PanelLabels;
  resolve(form: DrawnForm): void;
  reject(err: Error): void;
}

/**
 * Draws forms on one worker thread (form-draw-worker.ts) so that starting or resuming a test never holds the
 * event loop (a form is 9-70 ms of CPU; at 50 concurrent first visits the server stalled for seconds, issue
 * 14). Jobs go one at a time, those a visitor waits for (`urgent`) before the pool's refills, so a visitor
 * waits at most for one refill's drawing. The worker starts on the first job and is replaced after it dies
 * (its job fails; the next one runs on a new worker), as the PDF render pool's (decision 0027).
 */
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
    w.on('message', (msg: { id: number; key?: string; questions?: Uint8Array; error?: string }) => {
      const job = running;
      if (!job || job.id !== msg.id) return;
      running = undefined;
      if (msg.key !== undefined && msg.questions)
        job.resolve({
          key: msg.key,
          questions: Buffer.from(msg.questions.buffer, msg.questions.byteOffset, msg.questions.byteLength),
        });
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
    worker.postMessage({ id: job.id, stored: job.stored, labels: job.labels });
  }

  return {
    /** The form of `stored`, its drawings named with `labels`; `urgent` when a visitor waits for it. */
    draw(stored: StoredForm, labels: PanelLabels, priority: 'urgent' | 'background'): Promise<DrawnForm> {
      if (closed) return Promise.reject(new Error('form drawer closed'));
      return new Promise<DrawnForm>((resolve, reject) => {
        (priority === 'urgent' ? urgent : background).push({ id: nextId++, stored, labels, resolve, reject });
        pump();
      });
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
