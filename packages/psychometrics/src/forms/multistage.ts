import { PsychometricsInputError } from '../core/errors';
import { createRng } from '../core/rng';
import { itemInformation } from '../irt/model';
import type { ScoringKey } from '../scoring/scoring-key';
import { assembleForm, type Form } from './assemble-form';
import type { FormSlot } from './blueprint';
import { randomKeyPositions } from './random-key';

/**
 * The multistage test (scoring version 2, decision 0022). Part 1 is common to everyone; after it and after
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

/**
 * Part 1: easy, it warms everyone up and carries the evidence that tells trying from clicking. Its last items
 * reach b = -0.6 so that the routing after it can tell the able from the very able (with a top at -1.0, most
 * people above IQ 100 answered all ten and were routed alike; bench: SE at IQ 130 0.37 -> 0.35).
 */
export const STAGE1_SPAN: readonly [number, number] = [-2.45, -0.6];
/** Part 2 modules by level. */
export const STAGE2_SPANS: readonly (readonly [number, number])[] = [
  [-1.85, -0.85],
  [-1.3, 0.3],
  [0.3, 1.9],
];
/**
 * Part 3 modules: for each part-2 module, an easier, middle and harder one, given by the centre of their b
 * span. Each is harder than the part-2 module before it (its mean b at least MIN_RISE higher), so the easier
 * module after a hard part 2 is still harder than that part: a tree of 1 + 3 + 9 modules.
 */
export const STAGE3_CENTRES: readonly (readonly [number, number, number])[] = [
  [-1.2, -0.6, 0.0],
  [-0.3, 0.5, 1.3],
  [1.25, 1.95, 2.75],
];
/** Narrow part-3 modules: each is aimed at the ability routing has narrowed down to (0.9 wide before). */
export const STAGE3_WIDTH = 0.5;
/** On every route a part's mean b is at least this much above the previous part's. */
export const MIN_RISE = 0.15;
/** Discrimination target: the highest the difficulty model reaches across the b range. */
export const MST_TARGET_A = 1.8;

function checkLevel(level: number | undefined, stage: Stage): ModuleLevel {
  if (level === undefined || !MODULE_LEVELS.includes(level as ModuleLevel)) {
    throw new PsychometricsInputError('invalid_options', `stage ${stage} needs a module level 0..2 on its route`);
  }
  return level as ModuleLevel;
}

/** The b span of a stage's module on a route (route[stage - 2] is the module of the stage). */
export function stageSpan(stage: Stage, route: Route): readonly [number, number] {
  if (stage === 1) return STAGE1_SPAN;
  const m2 = checkLevel(route[0], 2);
  if (stage === 2) return STAGE2_SPANS[m2] as readonly [number, number];
  const centre = (STAGE3_CENTRES[m2] as readonly number[])[checkLevel(route[1], 3)] as number;
  return [centre - STAGE3_WIDTH / 2, centre + STAGE3_WIDTH / 2];
}

export function stageBlueprint(stage: Stage, route: Route): FormSlot[] {
  const [lo, hi] = stageSpan(stage, route);
  return Array.from({ length: STAGE_ITEMS }, (_, i) => ({
    part: stage,
    targetB: lo + (i / (STAGE_ITEMS - 1)) * (hi - lo),
    targetA: MST_TARGET_A,
  }));
}

/**
 * The items of one part for a session: deterministic for (seed, stage, route), fresh across seeds. The key
 * positions of all 30 items are drawn once per seed, independently of the route (randomKeyPositions).
 */
export function drawStage(seed: string, stage: Stage, route: Route): Form {
  if (![1, 2, 3].includes(stage)) throw new PsychometricsInputError('invalid_options', 'stage must be 1, 2 or 3');
  const needed = stage - 1;
  if (route.length < needed) throw new PsychometricsInputError('invalid_options', `stage ${stage} needs a route`);
  const own = route.slice(0, needed);
  const keyPositions = randomKeyPositions(createRng(`${seed}:key`), 3 * STAGE_ITEMS).slice(
    (stage - 1) * STAGE_ITEMS,
    stage * STAGE_ITEMS,
  );
  const rng = createRng(`${seed}:stage${stage}:${own.join('')}`);
  return assembleForm(rng, { blueprint: stageBlueprint(stage, own), keyPositions, surfaceProof: true });
}

/** The three parts of a finished route as one form (items in the order shown, parts 1..3). */
export function drawRoutedForm(seed: string, route: Route): Form {
  const parts = ([1, 2, 3] as const).map((s) => drawStage(seed, s, route));
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

/** Routing prior: wider than the population so that part 1, which says little about high ability, does not hold able people back. */
export const ROUTING_PRIOR_SD = 1.5;
const GRID = Array.from({ length: 121 }, (_, i) => -6 + i * 0.1);

/**
 * The module of the next part: the one whose blueprint carries the most information, averaged over the
 * ability posterior after the answers so far (normal prior, SD ROUTING_PRIOR_SD: routing, unlike scoring, may lean
 * on the population, and the posterior spreads the bet when part 1 says little). `key` holds the items
 * given so far, `route` the modules chosen so far; returns the route extended by one module.
 */
export function chooseRoute(key: ScoringKey, responses: readonly RoutingResponse[], route: Route): Route {
  if (route.length > 1) throw new PsychometricsInputError('invalid_options', 'the route is already complete');
  const byId = new Map(responses.map((r) => [r.itemId, r.choice]));
  const logPost = GRID.map((t) => -0.5 * (t / ROUTING_PRIOR_SD) ** 2);
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
  let best: ModuleLevel = 0;
  let bestInfo = Number.NEGATIVE_INFINITY;
  for (const level of MODULE_LEVELS) {
    const slots = stageBlueprint(nextStage, [...route, level]);
    let info = 0;
    GRID.forEach((t, g) => {
      const w = weights[g] as number;
      if (w < 1e-9) return;
      for (const s of slots) info += w * itemInformation(t, s.targetA, s.targetB);
    });
    if (info > bestInfo) {
      bestInfo = info;
      best = level;
    }
  }
  return [...route, best];
}
