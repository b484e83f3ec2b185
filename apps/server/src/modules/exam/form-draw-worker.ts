import { parentPort } from 'node:worker_threads';
import { scoringKey } from '@mindgauge/psychometrics';
import { analysisOf, formOfSession, keyOf, type PanelLabels, publicQuestionsOf, type StoredForm } from './exam-form';

/**
 * The form-drawing worker (a thread, form-drawer.ts): draws a session's form from its seed and serializes its
 * drawings with their accessible names, or works out its scoring key alone, or its answer analysis, so the
 * event loop never spends the 9-70 ms a form costs. The same functions as on the main thread, so a seed gives
 * the same items here as anywhere.
 */
type Message = { id: number; stored: StoredForm } & (
  | { want: 'questions'; labels: PanelLabels }
  | { want: 'key' }
  | { want: 'analysis'; labels: PanelLabels }
);

parentPort?.on('message', (msg: Message) => {
  try {
    const form = formOfSession(msg.stored);
    if (msg.want === 'key') {
      // Routing to the next part, scoring: no drawings to serialize.
      parentPort?.postMessage({ id: msg.id, scoringKey: scoringKey(form) });
      return;
    }
    if (msg.want === 'analysis') {
      parentPort?.postMessage({ id: msg.id, analysis: analysisOf(form, msg.labels) });
      return;
    }
    // A fresh copy of exactly the JSON's bytes, whose buffer moves to the server without being copied again.
    const questions = new Uint8Array(Buffer.from(publicQuestionsOf(form, msg.labels)));
    parentPort?.postMessage({ id: msg.id, key: keyOf(form), questions }, [questions.buffer]);
  } catch (err) {
    parentPort?.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
