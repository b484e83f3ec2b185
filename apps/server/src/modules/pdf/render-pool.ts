import type { Worker } from 'node:worker_threads';
import type { Form } from '@mindgauge/psychometrics';
import { releaseWorker, takeWorker } from '../../lib/worker-script';
import type { StoredForm } from '../exam/exam-form';
import type { ReportDocument } from './report-document';

/** A document as it crosses to a worker: functions cannot be cloned, so the footers go as their texts. */
export type SentDocument = Omit<ReportDocument, 'footer'> & { footers: string[] };

/** What a model's builder may ask the worker it will be drawn on. */
export interface BuildTools {
  /** A session's form drawn again from its seed (19 ms median, 107 ms p95 of CPU), on the worker. */
  drawForm(stored: StoredForm): Promise<Form>;
}

interface Job {
  id: number;
  build: (tools: BuildTools) => ReportDocument | Promise<ReportDocument>;
  resolve(pdf: Buffer): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** Forms asked for by the builder of this slot's job, by message id. */
  forms: Map<number, { resolve(form: Form): void; reject(err: Error): void }>;
}

/**
 * Renders PDFs on `size` worker threads so the event loop stays free for every other request (a report is
 * ~80 ms of pdfkit; ten at once stalled the server for a second, issue 14). Workers start on the first render
 * (tests and instances that never render pay nothing) and stay; a worker that dies fails its job and is
 * replaced on the next one. Jobs wait in order for a free worker.
 */
const WORKER = 'pdf-render-worker';

export function renderPool(size: number) {
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const worker = takeWorker(WORKER, import.meta.url, '../../../dist');
    // An idle pool must not keep a process alive (the server's socket does that).
    worker.unref();
    const slot: Slot = { worker, job: null, forms: new Map() };
    worker.on('message', (msg: { id: number; bytes?: Uint8Array; form?: Form; error?: string }) => {
      const asked = slot.forms.get(msg.id);
      if (asked) {
        slot.forms.delete(msg.id);
        if (msg.form) asked.resolve(msg.form);
        else asked.reject(new Error(`form draw failed: ${msg.error}`));
        return;
      }
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      slot.job = null;
      if (msg.bytes) job.resolve(Buffer.from(msg.bytes.buffer, msg.bytes.byteOffset, msg.bytes.byteLength));
      else job.reject(new Error(`PDF render failed: ${msg.error}`));
      pump();
    });
    const lost = (err: Error) => {
      const i = slots.indexOf(slot);
      if (i >= 0) slots.splice(i, 1);
      slot.job?.reject(err);
      slot.job = null;
      for (const asked of slot.forms.values()) asked.reject(err);
      slot.forms.clear();
      pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`PDF render worker exited (${code})`)));
    slots.push(slot);
    return slot;
  }

  function pump(): void {
    while (queue.length > 0 && !closed) {
      const slot = slots.find((s) => s.job === null) ?? (slots.length < size ? spawn() : undefined);
      if (!slot) return;
      const job = queue.shift() as Job;
      slot.job = job;
      // The model is built only now that a worker is free: a burst of downloads builds one model at a time
      // instead of all at once, and holds no more models than workers. Its costly part, drawing the form
      // again, runs on that worker (idle until the model is sent).
      const tools: BuildTools = {
        drawForm: (stored) =>
          new Promise<Form>((resolve, reject) => {
            const id = nextId++;
            slot.forms.set(id, { resolve, reject });
            slot.worker.postMessage({ id, form: stored });
          }),
      };
      Promise.resolve()
        .then(() => job.build(tools))
        .then((model) => {
          if (slot.job === job) slot.worker.postMessage({ id: job.id, doc: sendable(model) });
        })
        .catch((err: Error) => {
          if (slot.job !== job) return;
          slot.job = null;
          job.reject(err);
          pump();
        });
    }
  }

  function sendable(model: ReportDocument): SentDocument {
    const { footer, ...rest } = model;
    // Pages never spill over (render-pdf bounds every block to its page), so the count is the model's.
    return { ...rest, footers: model.pages.map((_, i) => footer(i + 1, model.pages.length)) };
  }

  return {
    size,
    /**
     * The PDF of a document model, drawn by a worker; `model` may be a function that builds it, called
     * when a worker is free.
     */
    render(model: ReportDocument | ((tools: BuildTools) => Promise<ReportDocument>)): Promise<Buffer> {
      if (closed) return Promise.reject(new Error('PDF render pool closed'));
      const build = typeof model === 'function' ? model : () => model;
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, build, resolve, reject });
        pump();
      });
    },
    async close(): Promise<void> {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('PDF render pool closed'));
      // A thread in the middle of a render is stopped (its job fails); an idle one is kept for the next pool.
      await Promise.all(
        slots
          .splice(0)
          .map((s) =>
            s.job || s.forms.size > 0 ? s.worker.terminate() : releaseWorker(s.worker, WORKER, import.meta.url),
          ),
      );
    },
  };
}
export type RenderPool = ReturnType<typeof renderPool>;
