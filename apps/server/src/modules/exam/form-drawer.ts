import type { Worker } from 'node:worker_threads';
import type { ScoringKey } from '@mindgauge/psychometrics';
import { releaseWorker, takeWorker } from '../../lib/worker-script';
import type { AnalysisDrawing, PanelLabels, StoredForm } from './exam-form';

/** A form drawn by the worker: its scoring key (as stored) and its questions' JSON in one language. */
export interface DrawnForm {
  key: string;
  questions: Buffer;
}

/** What a job asks the worker for: the questions (and key), the scoring key alone, or the answer analysis. */
export type DrawRequest =
  | { want: 'questions'; labels: PanelLabels }
  | { want: 'key' }
  | { want: 'analysis'; labels: PanelLabels }
  | { want: 'lastPart'; labels: PanelLabels; offset: number };

interface Job {
  id: number;
  stored: StoredForm;
  request: DrawRequest;
  resolve(answer: WorkerAnswer): void;
  reject(err: Error): void;
}

interface WorkerAnswer {
  id: number;
  key?: string;
  questions?: Uint8Array;
  scoringKey?: ScoringKey;
  analysis?: AnalysisDrawing[];
  error?: string;
}

interface Slot {
  worker?: Worker;
  running?: Job;
}

/**
 * Draws forms on worker threads (form-draw-worker.ts) so that starting or resuming a test, routing a part or
 * showing an answer analysis never holds the event loop (a form is 9-70 ms of CPU; at 50 concurrent first
 * visits the server stalled for seconds, issue 14). `workers` threads (FORM_DRAW_WORKERS) each take one job
 * at a time from one queue, those a visitor waits for (`urgent`) before the pool's refills, so a visitor waits
 * at most for the refills already running. A worker starts on its first job and is replaced after it dies
 * (its job fails; the next one runs on a new worker), as the PDF render pool's (decision 0027).
 */
type Priority = 'urgent' | 'background';

const WORKER = 'form-draw-worker';

export function formDrawer(workers = 1) {
  const urgent: Job[] = [];
  const background: Job[] = [];
  const slots: Slot[] = Array.from({ length: Math.max(1, workers) }, () => ({}));
  let nextId = 1;
  let closed = false;

  function spawn(slot: Slot): Worker {
    const w = takeWorker(WORKER, import.meta.url, '../../../dist');
    // An idle drawer must not keep a process alive (the server's socket does that).
    w.unref();
    w.on('message', (msg: WorkerAnswer) => {
      const job = slot.running;
      if (!job || job.id !== msg.id) return;
      slot.running = undefined;
      if (msg.error === undefined) job.resolve(msg);
      else job.reject(new Error(`form draw failed: ${msg.error}`));
      pump();
    });
    const lost = (err: Error) => {
      if (slot.worker !== w) return;
      slot.worker = undefined;
      slot.running?.reject(err);
      slot.running = undefined;
      pump();
    };
    w.on('error', lost);
    w.on('exit', (code) => lost(new Error(`form-drawing worker exited (${code})`)));
    return w;
  }

  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (slot.running) continue;
      const job = urgent.shift() ?? background.shift();
      if (!job) return;
      slot.worker ??= spawn(slot);
      slot.running = job;
      // Only what the form is drawn from crosses to the thread (a caller may pass a whole session row).
      const { seed, form_version, route } = job.stored;
      slot.worker.postMessage({ id: job.id, stored: { seed, form_version, route }, ...job.request });
    }
  }

  function run(stored: StoredForm, request: DrawRequest, priority: Priority): Promise<WorkerAnswer> {
    if (closed) return Promise.reject(new Error('form drawer closed'));
    return new Promise<WorkerAnswer>((resolve, reject) => {
      const job: Job = { id: nextId++, stored, request, resolve, reject };
      (priority === 'urgent' ? urgent : background).push(job);
      pump();
    });
  }

  return {
    /** The form of `stored`, its drawings named with `labels`; `urgent` when a visitor waits for it. */
    async draw(stored: StoredForm, labels: PanelLabels, priority: Priority): Promise<DrawnForm> {
      const { key, questions } = await run(stored, { want: 'questions', labels }, priority);
      if (key === undefined || !questions) throw new Error('form draw failed: no form in the answer');
      return { key, questions: Buffer.from(questions.buffer, questions.byteOffset, questions.byteLength) };
    },
    /** The scoring key of `stored`'s form (routing a part, scoring), worked out on the worker. */
    async scoringKey(stored: StoredForm): Promise<ScoringKey> {
      const answer = await run(stored, { want: 'key' }, 'urgent');
      if (!answer.scoringKey) throw new Error('form draw failed: no key in the answer');
      return answer.scoringKey;
    },
    /**
     * The part `stored` has just been given (its route's last stage), alone: its key entries and its
     * questions, numbered from `offset` (the items of the parts before it).
     */
    async lastPart(
      stored: StoredForm,
      labels: PanelLabels,
      offset: number,
    ): Promise<{ key: ScoringKey; questions: Buffer }> {
      const answer = await run(stored, { want: 'lastPart', labels, offset }, 'urgent');
      const { scoringKey, questions } = answer;
      if (!scoringKey || !questions) throw new Error('form draw failed: no part in the answer');
      return {
        key: scoringKey,
        questions: Buffer.from(questions.buffer, questions.byteOffset, questions.byteLength),
      };
    },
    /** Each item of `stored`'s form as the answer analysis shows it (drawings named with `labels`). */
    async analysis(stored: StoredForm, labels: PanelLabels): Promise<AnalysisDrawing[]> {
      const answer = await run(stored, { want: 'analysis', labels }, 'urgent');
      if (!answer.analysis) throw new Error('form draw failed: no analysis in the answer');
      return answer.analysis;
    },
    /** How many worker threads draw (FORM_DRAW_WORKERS). */
    workers: slots.length,
    async close(): Promise<void> {
      closed = true;
      const err = new Error('form drawer closed');
      for (const job of [...urgent.splice(0), ...background.splice(0)]) job.reject(err);
      const stopping: Promise<unknown>[] = [];
      for (const slot of slots) {
        const { worker, running } = slot;
        slot.running = undefined;
        slot.worker = undefined;
        if (!worker) continue;
        // A thread in the middle of a job is stopped; an idle one is kept for the next drawer (worker-script.ts).
        if (running) {
          running.reject(err);
          stopping.push(worker.terminate());
        } else stopping.push(releaseWorker(worker, WORKER, import.meta.url));
      }
      await Promise.all(stopping);
    },
  };
}
export type FormDrawer = ReturnType<typeof formDrawer>;
