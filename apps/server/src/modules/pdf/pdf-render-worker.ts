import { parentPort } from 'node:worker_threads';
import { formOfSession, type StoredForm } from '../exam/exam-form';
import { renderPdf } from './render-pdf';
import type { SentDocument } from './render-pool';

/**
 * A render worker (a thread of the render pool): draws the documents it is sent with pdfkit, one at a time,
 * and sends the bytes back, so the server's event loop never spends the ~80 ms a report costs. It also
 * draws a session's form again from its seed (for the answer pages), the costliest part of the model.
 */
parentPort?.on('message', async (msg: { id: number; doc?: SentDocument; form?: StoredForm }) => {
  if (msg.form) {
    try {
      parentPort?.postMessage({ id: msg.id, form: formOfSession(msg.form) });
    } catch (err) {
      parentPort?.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
    }
    return;
  }
  if (!msg.doc) return;
  try {
    const { footers, ...rest } = msg.doc;
    const pdf = await renderPdf({ ...rest, footer: (page) => footers[page - 1] ?? '' });
    // A fresh copy of exactly the PDF's bytes, whose buffer moves to the server without being copied again.
    const bytes = new Uint8Array(pdf);
    parentPort?.postMessage({ id: msg.id, bytes }, [bytes.buffer]);
  } catch (err) {
    parentPort?.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
