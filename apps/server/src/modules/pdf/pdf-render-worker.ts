import { parentPort } from 'node:worker_threads';
import { renderPdf } from './render-pdf';
import type { SentDocument } from './render-pool';

/**
 * A render worker (a thread of the render pool): draws the documents it is sent with pdfkit, one at a time,
 * and sends the bytes back, so the server's event loop never spends the ~80 ms a report costs.
 */
parentPort?.on('message', async (msg: { id: number; doc: SentDocument }) => {
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
