import type { Locale, TPublicQuestion } from '@mindgauge/contract';
import {
  type AssembleFormOptions,
  assembleForm,
  createRng,
  type Form,
  scoringKey,
  toPublicItem,
} from '@mindgauge/psychometrics';
import type { Translator } from '../../i18n/translator';
import type { TtlCache } from '../../lib/ttl-cache';

/**
 * Forms are regenerated from the session's seed and form version (the engine is deterministic), so nothing
 * but those and the scoring key is stored. A paid report draws its items again years later, so every
 * version a stored session may carry stays here: when the engine's assembly changes, add a version that
 * selects it and point FORM_VERSION at it. A session of a version this build does not know is not found.
 */
const ASSEMBLY: Readonly<Record<number, AssembleFormOptions>> = {
  /** The correct option's position drawn at random. */
  1: { balanceKey: false },
  /** Keys balanced over the six positions. */
  2: {},
};

export const FORM_VERSION = 2;

export function isKnownFormVersion(version: number): boolean {
  return Object.hasOwn(ASSEMBLY, version);
}

export function buildForm(seed: string, version: number = FORM_VERSION): Form {
  const options = ASSEMBLY[version];
  if (!options) throw new Error(`form version ${version} is unknown to this build`);
  return assembleForm(createRng(seed), options);
}

/** The form a stored session was given. */
export function formOfSession(session: { seed: string; form_version: number }): Form {
  return buildForm(session.seed, session.form_version);
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
  session: { id: string; seed: string; form_version: number },
  hl: Locale,
  /** The form when the caller has just built it (a new session): not generated a second time. */
  built?: Form,
): Promise<Buffer> {
  return cache.get(`form:${session.id}:${hl}`, async () => {
    const form = built ?? formOfSession(session);
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
