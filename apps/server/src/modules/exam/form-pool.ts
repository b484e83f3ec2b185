import type { Locale } from '@mindgauge/contract';
import { randomHex128 } from '../../lib/ids';
import { FORM_VERSION, type PanelLabels, type StoredForm } from './exam-form';
import type { DrawnForm, FormDrawer } from './form-drawer';

/** A new session's form, ready: the seed it was drawn from (stored with the session), its key and questions. */
export interface ReadyForm extends DrawnForm {
  seed: string;
}

/**
 * Forms for new sessions drawn ahead of time, per language (the drawings carry their accessible names), by
 * the form-drawing worker: a first visit takes a ready form and the worker draws its replacement in the
 * background. When the language's pool is empty (a burst, or the first visit in that language) the form is
 * drawn on the worker at once; never on the event loop. A language's pool fills from its first visit on, so
 * an instance that never starts a test in Korean holds no Korean forms (16 forms are about 0.8 MB).
 */
export function formPool(drawer: FormDrawer, labelsOf: (hl: Locale) => PanelLabels, perLocale = 16) {
  const ready = new Map<Locale, ReadyForm[]>();
  const drawing = new Map<Locale, number>();
  const labels = new Map<Locale, PanelLabels>();
  const fullWaiters = new Map<Locale, (() => void)[]>();
  let closed = false;

  const labelsFor = (hl: Locale) => {
    const known = labels.get(hl);
    if (known) return known;
    const made = labelsOf(hl);
    labels.set(hl, made);
    return made;
  };

  /** A new seed's form (a routed form's part 1, as every new session starts). */
  async function drawNew(hl: Locale, priority: 'urgent' | 'background'): Promise<ReadyForm> {
    const seed = randomHex128();
    const stored: StoredForm = { seed, form_version: FORM_VERSION, route: '' };
    return { seed, ...(await drawer.draw(stored, labelsFor(hl), priority)) };
  }

  function isFull(hl: Locale): boolean {
    return (ready.get(hl)?.length ?? 0) >= perLocale;
  }

  function refill(hl: Locale): void {
    const list = ready.get(hl) ?? [];
    ready.set(hl, list);
    while (!closed && list.length + (drawing.get(hl) ?? 0) < perLocale) {
      drawing.set(hl, (drawing.get(hl) ?? 0) + 1);
      drawNew(hl, 'background')
        .then((form) => {
          if (!closed) list.push(form);
        })
        // A failed refill (a worker that died, the drawer closed) leaves a gap the next take fills again.
        .catch(() => undefined)
        .finally(() => {
          drawing.set(hl, (drawing.get(hl) ?? 1) - 1);
          if (isFull(hl)) for (const wake of fullWaiters.get(hl)?.splice(0) ?? []) wake();
        });
    }
  }

  return {
    /** A form for a new session in `hl`: a ready one if any, else drawn now on the worker. */
    take(hl: Locale): Promise<ReadyForm> {
      const form = ready.get(hl)?.shift();
      refill(hl);
      return form ? Promise.resolve(form) : drawNew(hl, 'urgent');
    },
    /** A session's form drawn again from its seed (a resume the form cache forgot, a new part), on the worker. */
    async draw(stored: StoredForm, hl: Locale): Promise<Buffer> {
      return (await drawer.draw(stored, labelsFor(hl), 'urgent')).questions;
    },
    /** A session's form with its scoring key (a part routed: one drawing gives the key and the questions). */
    drawWithKey(stored: StoredForm, hl: Locale): Promise<DrawnForm> {
      return drawer.draw(stored, labelsFor(hl), 'urgent');
    },
    /** A session's items as its answer analysis shows them, drawings named in `hl`, drawn on the worker. */
    analysis(stored: StoredForm, hl: Locale) {
      return drawer.analysis(stored, labelsFor(hl));
    },
    /** A session's scoring key so far (routing to its next part, scoring), worked out on the worker. */
    scoringKey(stored: StoredForm) {
      return drawer.scoringKey(stored);
    },
    /** The seeds of the forms ready in `hl`, the next one taken first. */
    readySeeds(hl: Locale): string[] {
      return (ready.get(hl) ?? []).map((f) => f.seed);
    },
    /** Resolves once `hl`'s pool is full (fills it if it was never asked for). */
    full(hl: Locale): Promise<void> {
      refill(hl);
      if (isFull(hl)) return Promise.resolve();
      return new Promise((resolve) => {
        const list = fullWaiters.get(hl) ?? [];
        fullWaiters.set(hl, list);
        list.push(resolve);
      });
    },
    size: perLocale,
    /** How many worker threads draw (FORM_DRAW_WORKERS). */
    workers: drawer.workers,
    async close(): Promise<void> {
      closed = true;
      ready.clear();
      await drawer.close();
    },
  };
}
export type FormPool = ReturnType<typeof formPool>;
