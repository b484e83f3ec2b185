import { PsychometricsInputError } from '../core/errors';
import { createRng } from '../core/rng';
import { itemInformation } from '../irt/model';
import type { ScoringKey } from '../scoring/scoring-key';
import { assembleForm, type Form } from './assemble-form';
import type { FormSlot } from './blueprint';
import { MST_DESIGN_1, MST_DESIGN_2, type MultistageDesign } from './multistage-designs';
import { randomKeyPositions } from './random-key';

/**
 * The multistage test (scoring version 2, decisions 0022 and 0037). Part 1 is common to everyone; after it and after
 * part 2 the server routes the visitor to one of three modules (0 easier, 1 middle, 2 harder) of the next
 * part, from the answers so far. On every route each part is harder than the part before (higher mean b),
 * so the test still feels like 30 puzzles of rising difficulty in three parts. Every module is a blueprint:
 * its items are drawn fresh per session, slot by slot to the same targets, so modules are parallel across
 * sessions exactly as whole forms were.
 */
export type ModuleLevel = 0 | 1 | 2;
/** The modules chosen so far: [] before part 2, [m2] in part 2, [m2, m3] in part 3. */
export type Route = readonly ModuleLevel[];
export type Stage = 1 | 2 | 3;

export const STAGE_ITEMS = 10;
export const MODULE_LEVELS: readonly ModuleLevel[] = [0, 1, 2];

/** On every route a part's mean b is at least this much above the previous part's. */
export const MIN_RISE = 0.15;

/** The design new sessions are drawn under (MST_DESIGNS[CURRENT_MST_DESIGN]). */
export const CURRENT_MST_DESIGN = 2;
/** Every design a stored session may name, by number: never edit one, add the next. */
export const MST_DESIGNS: Readonly<Record<number, MultistageDesign>> = { 1: MST_DESIGN_1, 2: MST_DESIGN_2 };

/** The design of a number; a number this build does not know is a programming error upstream. */
export function mstDesign(version: number = CURRENT_MST_DESIGN): MultistageDesign {
  const design = MST_DESIGNS[version];
  if (!design) throw new PsychometricsInputError('invalid_options', `unknown multistage design ${version}`);
  return design;
}

function checkLevel(level: number | undefined, stage: Stage): ModuleLevel {
  if (level === undefined || !MODULE_LEVELS.includes(level as ModuleLevel)) {
    throw new PsychometricsInputError('invalid_options', `stage ${stage} needs a module level 0..2 on its route`);
  }
  return level as ModuleLevel;
}

/** The b span of a stage's module on a route (route[stage - 2] is the module of the stage). */
export function stageSpan(
  stage: Stage,
  route: Route,
  design: MultistageDesign = mstDesign(),
): readonly [number, number] {
  if (stage === 1) return design.stage1Span;
  const m2 = checkLevel(route[0], 2);
  if (stage === 2) return design.stage2Spans[m2] as readonly [number, number];
  const centre = (design.stage3Centres[m2] as readonly number[])[checkLevel(route[1], 3)] as number;
  return [centre - design.stage3Width / 2, centre + design.stage3Width / 2];
}

export function stageBlueprint(stage: Stage, route: Route, design: MultistageDesign = mstDesign()): FormSlot[] {
  const [lo, hi] = stageSpan(stage, route, design);
  const listed = stage === 1 ? design.stage1Targets : undefined;
  return Array.from({ length: STAGE_ITEMS }, (_, i) => ({
    part: stage,
    targetB: listed?.[i] ?? lo + (i / (STAGE_ITEMS - 1)) * (hi - lo),
    targetA: design.targetA,
  }));
}

/**
 * The items of one part for a session: deterministic for (seed, stage, route, design), fresh across seeds. The
 * key positions of all 30 items are drawn once per seed, independently of the route (randomKeyPositions).
 */
export function drawStage(seed: string, stage: Stage, route: Route, design: MultistageDesign = mstDesign()): Form {
  if (![1, 2, 3].includes(stage)) throw new PsychometricsInputError('invalid_options', 'stage must be 1, 2 or 3');
  const needed = stage - 1;
  if (route.length < needed) throw new PsychometricsInputError('invalid_options', `stage ${stage} needs a route`);
  const own = route.slice(0, needed);
  const keyPositions = randomKeyPositions(createRng(`${seed}:key`), 3 * STAGE_ITEMS).slice(
    (stage - 1) * STAGE_ITEMS,
    stage * STAGE_ITEMS,
  );
  const rng = createRng(`${seed}:stage${stage}:${own.join('')}`);
  return assembleForm(rng, {
    blueprint: stageBlueprint(stage, own, design),
    keyPositions,
    surfaceProof: true,
    aWeight: design.aWeight,
  });
}

/** The three parts of a finished route as one form (items in the order shown, parts 1..3). */
export function drawRoutedForm(seed: string, route: Route, design: MultistageDesign = mstDesign()): Form {
  const parts = ([1, 2, 3] as const).map((s) => drawStage(seed, s, route, design));
  return {
    items: parts.flatMap((p) => p.items),
    partOf: parts.flatMap((p) => p.partOf),
    blueprint: parts.flatMap((p) => p.blueprint),
  };
}

/** An answered item as routing sees it: its key entry and the choice (null = unanswered, wrong). */
export interface RoutingResponse {
  readonly itemId: string;
  readonly choice: number | null;
}

const GRID = Array.from({ length: 121 }, (_, i) => -6 + i * 0.1);

/**
 * The module of the next part: the one whose blueprint carries the most information, averaged over the
 * ability posterior after the answers so far (normal prior, SD `design.routingPriorSd`, wider than the population
 * so that part 1, which says little about high ability, does not hold able people back: routing, unlike scoring,
 * may lean on the population, and the posterior spreads the bet when part 1 says little). `key` holds the items
 * given so far, `route` the modules chosen so far; returns the route extended by one module.
 */
export function chooseRoute(
  key: ScoringKey,
  responses: readonly RoutingResponse[],
  route: Route,
  design: MultistageDesign = mstDesign(),
): Route {
  if (route.length > 1) throw new PsychometricsInputError('invalid_options', 'the route is already complete');
  const byId = new Map(responses.map((r) => [r.itemId, r.choice]));
  const logPost = GRID.map((t) => -0.5 * (t / design.routingPriorSd) ** 2);
  for (const k of key.items) {
    if (!byId.has(k.id)) throw new PsychometricsInputError('unknown_item', 'no response for an item given', k.id);
    const correct = byId.get(k.id) === k.answerIndex;
    GRID.forEach((t, g) => {
      const p = 1 / 6 + 5 / 6 / (1 + Math.exp(-k.a * (t - k.b)));
      logPost[g] = (logPost[g] as number) + Math.log(correct ? p : 1 - p);
    });
  }
  const max = Math.max(...logPost);
  const weights = logPost.map((l) => Math.exp(l - max));
  const nextStage = (route.length + 2) as Stage;
  const value = design.routing === 'lookahead' ? lookaheadValue(key, weights, route, design) : greedyValue;
  let best: ModuleLevel = 0;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const level of MODULE_LEVELS) {
    const v = value(weights, stageBlueprint(nextStage, [...route, level], design), [...route, level]);
    if (v > bestValue) {
      bestValue = v;
      best = level;
    }
  }
  return [...route, best];
}

/** Information of a blueprint's slots at each grid point with a weight worth counting. */
function blueprintInformation(weights: readonly number[], slots: readonly FormSlot[]): Float64Array {
  const info = new Float64Array(GRID.length);
  GRID.forEach((t, g) => {
    if ((weights[g] as number) < 1e-9) return;
    for (const s of slots) info[g] = (info[g] as number) + itemInformation(t, s.targetA, s.targetB);
  });
  return info;
}

/**
 * Design 1: the next module's information averaged over the posterior (greedy: part 3 is not looked at). The
 * sum runs in the order it always did, so stored design-1 sessions route exactly as they were routed.
 */
function greedyValue(weights: readonly number[], slots: readonly FormSlot[]): number {
  let info = 0;
  GRID.forEach((t, g) => {
    const w = weights[g] as number;
    if (w < 1e-9) return;
    for (const s of slots) info += w * itemInformation(t, s.targetA, s.targetB);
  });
  return info;
}

/**
 * Design 2 (decision 0037): minus the error variance expected at the end of the test, averaged over the
 * posterior: 1 / (information of the items given + of the next module + of the best part 3 that may follow it).
 * Greedy routing after part 1 sent everyone who answered part 1 well to the harder part 2 (its information
 * is highest over the wide posterior such answers leave), and since part 3 must be harder than part 2, people
 * near IQ 100-110 then met puzzles well above them for 20 items. Looking ahead to part 3, and scoring the
 * variance (what the standard error is made of) rather than raw information, routes them to the module whose
 * continuation fits them.
 */
function lookaheadValue(key: ScoringKey, weights: readonly number[], route: Route, design: MultistageDesign) {
  const given = new Float64Array(GRID.length);
  GRID.forEach((t, g) => {
    if ((weights[g] as number) < 1e-9) return;
    for (const k of key.items) given[g] = (given[g] as number) + itemInformation(t, k.a, k.b);
  });
  return (w: readonly number[], slots: readonly FormSlot[], next: Route): number => {
    const info = blueprintInformation(w, slots);
    const after =
      route.length === 0
        ? MODULE_LEVELS.map((m3) => blueprintInformation(w, stageBlueprint(3, [...next, m3], design)))
        : [];
    let total = 0;
    GRID.forEach((_, g) => {
      const wg = w[g] as number;
      if (wg < 1e-9) return;
      const part3 = after.length ? Math.max(...after.map((a) => a[g] as number)) : 0;
      total -= wg / ((given[g] as number) + (info[g] as number) + part3);
    });
    return total;
  };
}
