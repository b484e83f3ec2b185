import type { Locale, TPublicQuestion } from '@mindgauge/contract';
import {
  type AssembleFormOptions,
  assembleForm,
  createRng,
  drawStage,
  type Explanation,
  type Form,
  type ModuleLevel,
  type MultistageDesign,
  mstDesign,
  type Route,
  type Stage,
  scoringKey,
  toPublicItem,
} from '@mindgauge/psychometrics';
import type { Translator } from '../../i18n/translator';
import type { TtlCache } from '../../lib/ttl-cache';

/**
 * Forms are regenerated from the session's seed, form version and route (the engine is deterministic), so
 * nothing but those and the scoring key is stored. A paid report draws its items again years later, so every
 * version a stored session may carry stays here: when the engine's assembly changes, add a version that
 * selects it and point FORM_VERSION at it. A session of a version this build does not know is not found.
 */
const ASSEMBLY: Readonly<Record<number, AssembleFormOptions>> = {
  /** The correct option's position drawn at random (scoring version 1). */
  1: { balanceKey: false },
  /** Keys balanced over the six positions (scoring version 1). */
  2: {},
};

/**
 * Multistage forms (scoring version 2): part 1 common, parts 2 and 3 routed (drawStage per part), each form
 * version naming the engine's multistage design its items are drawn and routed under. Version 3: design 1
 * (decision 0022); version 4: design 2 (decision 0037: routing that looks ahead to part 3, more discriminating
 * items). A session keeps the version it started with, to its last part and its report.
 */
const ROUTED: Readonly<Record<number, number>> = { 3: 1, 4: 2 };
export const ROUTED_FORM_VERSION = 4;
export const FORM_VERSION = ROUTED_FORM_VERSION;
/** The parts of every form; a routed session is served one part at a time. */
export const PART_COUNT = 3;

export function isKnownFormVersion(version: number): boolean {
  return isRoutedFormVersion(version) || Object.hasOwn(ASSEMBLY, version);
}

export function isRoutedFormVersion(version: number): boolean {
  return Object.hasOwn(ROUTED, version);
}

/** The multistage design a routed session's items and routing follow. */
export function designOf(session: { form_version: number }): MultistageDesign {
  const design = ROUTED[session.form_version];
  if (design === undefined) throw new Error(`form version ${session.form_version} is not routed`);
  return mstDesign(design);
}

/** The stored route ('', '2', '20') as the engine's route; anything else is a corrupt row. */
export function parseRoute(route: string): Route {
  if (!/^[012]{0,2}$/.test(route)) throw new Error(`invalid stored route '${route}'`);
  return [...route].map((c) => Number(c) as ModuleLevel);
}

export function formatRoute(route: Route): string {
  return route.join('');
}

export type StoredForm = { seed: string; form_version: number; route: string };

/** The part a session is on: version 1 forms are served whole (all three parts at once). */
export function currentPart(session: StoredForm): number {
  return isRoutedFormVersion(session.form_version) ? parseRoute(session.route).length + 1 : PART_COUNT;
}

/** A routed part's answers are final once the next part has started; a version 1 form's parts never close. */
export function isPartFinished(session: StoredForm, part: number): boolean {
  return isRoutedFormVersion(session.form_version) && part < currentPart(session);
}

function joinForms(parts: readonly Form[]): Form {
  return {
    items: parts.flatMap((p) => p.items),
    partOf: parts.flatMap((p) => p.partOf),
    blueprint: parts.flatMap((p) => p.blueprint),
  };
}

/**
 * The items a session has been given so far, in the order shown: a version 1 form whole; a routed session's
 * parts 1..route.length+1 (the whole routed form once the route is complete).
 */
export function formOfSession(session: StoredForm): Form {
  if (isRoutedFormVersion(session.form_version)) {
    const route = parseRoute(session.route);
    const design = designOf(session);
    const stages = Array.from({ length: route.length + 1 }, (_, i) => (i + 1) as Stage);
    return joinForms(stages.map((stage) => drawStage(session.seed, stage, route, design)));
  }
  const options = ASSEMBLY[session.form_version];
  if (!options) throw new Error(`form version ${session.form_version} is unknown to this build`);
  return assembleForm(createRng(session.seed), options);
}

/**
 * The part a routed session has just been given (its last stage), alone: stages are drawn independently
 * (each from the seed and the route before it), so routing draws only the new part and appends it.
 */
export function lastPartOf(session: StoredForm): Form {
  if (!isRoutedFormVersion(session.form_version)) throw new Error('only a routed form grows by parts');
  const route = parseRoute(session.route);
  // The session's own design: a version 3 session in flight grows under design 1 (decision 0037).
  return drawStage(session.seed, (route.length + 1) as Stage, route, designOf(session));
}

/** Two JSON arrays' texts as one array's (the questions so far and a new part's). */
export function joinJsonArrays(first: Buffer, second: Buffer): Buffer {
  if (first.length <= 2) return second;
  if (second.length <= 2) return first;
  return Buffer.concat([first.subarray(0, first.length - 1), Buffer.from(','), second.subarray(1)]);
}

export function keyOf(form: Form): string {
  return JSON.stringify(scoringKey(form));
}

/** A session's form as drawn so far, in a language: the key of its cached bytes. */
export function formCacheKey(session: { id: string } & StoredForm, hl: Locale): string {
  return `form:${session.id}:${session.form_version}:${session.route}:${hl}`;
}

/** The accessible names of a form's panels in one language: eight context panels, six options. */
export interface PanelLabels {
  panel: string[];
  option: string[];
}

/** The names the drawings carry (as `aria-label` and `<title>` inside each SVG), in a language. */
export function panelLabels(translator: Translator, hl: Locale): PanelLabels {
  return {
    panel: Array.from({ length: 8 }, (_, i) =>
      translator.t(hl, 'engine:a11y.panel', { row: Math.floor(i / 3) + 1, column: (i % 3) + 1 }),
    ),
    option: Array.from({ length: 6 }, (_, i) =>
      translator.t(hl, 'engine:a11y.option', { letter: String.fromCharCode(65 + i) }),
    ),
  };
}

/**
 * The drawings a visitor sees, with accessible names in their language, as the JSON the question list
 * sends. Pure CPU (19-70 ms with the drawing of the form): called on the form-drawing worker, never on the
 * event loop (form-drawer.ts).
 */
export function publicQuestionsOf(
  form: Form,
  labels: PanelLabels,
  /** The position of the form's first item in the test (a part drawn alone follows the parts before it). */
  offset = 0,
): string {
  const names = { panel: (i: number) => labels.panel[i] ?? '', option: (i: number) => labels.option[i] ?? '' };
  const questions: TPublicQuestion[] = form.items.map((item, index) => {
    const pub = toPublicItem(item, names);
    return {
      id: pub.id,
      index: offset + index,
      part: form.partOf[index] ?? 1,
      context: [...pub.context],
      options: [...pub.options],
    };
  });
  return JSON.stringify(questions);
}

/** One item as the answer analysis shows it, before the visitor's answer and the sentences' language. */
export interface AnalysisDrawing {
  /** The item's id (the answers are stored by it). */
  id: string;
  part: number;
  answerIndex: number;
  context: string[];
  options: string[];
  /** The rules behind the answer (the engine's sentence keys and parameters, translated on the server). */
  explanations: Explanation[];
}

/** Every item of a form for the answer analysis, drawings named with `labels` (on the form-drawing worker). */
export function analysisOf(form: Form, labels: PanelLabels): AnalysisDrawing[] {
  const names = { panel: (i: number) => labels.panel[i] ?? '', option: (i: number) => labels.option[i] ?? '' };
  return form.items.map((item, index) => {
    const pub = toPublicItem(item, names);
    return {
      id: item.id,
      part: form.partOf[index] ?? 1,
      answerIndex: item.answerIndex,
      context: [...pub.context],
      options: [...pub.options],
      // Plain data (key, numbers, keys): it crosses from the worker as it is.
      explanations: item.rules.map((r) => ({
        key: r.explanation.key,
        params: { ...r.explanation.params },
        paramKeys: { ...r.explanation.paramKeys },
      })),
    };
  });
}

/**
 * A session's questions serialized once (as bytes) per session, route and language; a miss (a resume after
 * the cache forgot it, a new part, another instance) draws them again from the seed with `draw`, which runs
 * on the form-drawing worker.
 */
export function publicQuestionsJson(
  cache: TtlCache,
  session: { id: string } & StoredForm,
  hl: Locale,
  draw: () => Promise<Buffer>,
): Promise<Buffer> {
  return cache.get(formCacheKey(session, hl), draw);
}
