import type { Locale, TPublicQuestion } from '@mindgauge/contract';
import { assembleForm, createRng, type Form, scoringKey, toPublicItem } from '@mindgauge/psychometrics';
import type { Translator } from '../../i18n/translator';
import type { TtlCache } from '../../lib/ttl-cache';

/**
 * Forms are regenerated from the session's seed (the engine is deterministic), so nothing but the seed and
 * the scoring key is stored. Bump this when the engine's generation changes: sessions started under another
 * version cannot be resumed (their key would not match the regenerated items).
 */
export const FORM_VERSION = 1;

export function buildForm(seed: string): Form {
  return assembleForm(createRng(seed));
}

export function keyOf(form: Form): string {
  return JSON.stringify(scoringKey(form));
}

/**
 * The drawings a visitor sees, with accessible names in their language, serialized once (as bytes) per
 * session and language (a refresh or a second instance rebuilds the same bytes from the seed).
 */
export function publicQuestionsJson(
  cache: TtlCache,
  translator: Translator,
  sessionId: string,
  seed: string,
  hl: Locale,
  /** The form when the caller has just built it (a new session): not generated a second time. */
  built?: Form,
): Promise<Buffer> {
  return cache.get(`form:${sessionId}:${hl}`, async () => {
    const form = built ?? buildForm(seed);
    const labels = {
      panel: (i: number) => translator.t(hl, 'engine:a11y.panel', { row: Math.floor(i / 3) + 1, column: (i % 3) + 1 }),
      option: (i: number) => translator.t(hl, 'engine:a11y.option', { letter: String.fromCharCode(65 + i) }),
    };
    const questions: TPublicQuestion[] = form.items.map((item, index) => {
      const pub = toPublicItem(item, labels);
      return { id: pub.id, index, part: form.partOf[index] ?? 1, context: [...pub.context], options: [...pub.options] };
    });
    return Buffer.from(JSON.stringify(questions));
  });
}
