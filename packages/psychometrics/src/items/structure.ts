import { pick, type Rng, weightedIndex } from '../core/rng';
import { predictA, predictB } from './difficulty';
import { LAYOUT_NAMES, LAYOUTS } from './layouts';
import { MIN_PUZZLE_BITS, puzzleSpaceBits } from './puzzle-space';
import type { AttributeName, DifficultyFeatures, LayoutName, RuleName } from './types';

/** One governed attribute of one component and the rule acting on it. */
export interface RuleSlot {
  readonly component: number;
  readonly attribute: AttributeName;
  readonly rule: RuleName;
}

export interface DistractorPlan {
  /**
   * 'hexagon': three binary attributes, the 8 combinations minus one antipodal pair
   * not holding the answer (each answer value appears in exactly 3 of 6 options).
   * 'product': one binary and one ternary attribute (2 x 3), used when a layout has
   * only three attributes, so that no distractor breaks every rule.
   */
  readonly design: 'hexagon' | 'product';
  /** Indices into `rules` of the attributes that distractors vary. */
  readonly varied: readonly number[];
  /** Near alternatives (small steps) rather than any other value. */
  readonly near: boolean;
  /**
   * Scoring version 2 (issue 15, point 4): distractors may repeat a context panel (a "repetition" distractor,
   * Raven's classic error type), so no value is ever rejected for matching the matrix and the options keep
   * no trace of the context that a surface matcher could use. Absent in version 1, whose items never do.
   */
  readonly repeats?: boolean;
}

/** An item's structure: what the difficulty model sees, before any value is drawn. */
export interface ItemStructure {
  readonly layout: LayoutName;
  readonly rules: readonly RuleSlot[];
  readonly distractors: DistractorPlan;
  readonly features: DifficultyFeatures;
  readonly a: number;
  readonly b: number;
  /** log2 of the number of distinct puzzles the structure can produce (approximate). */
  readonly puzzleBits: number;
}

const LAYOUT_WEIGHTS: Readonly<Record<LayoutName, number>> = {
  // A lone centre shape has at most about 2^27 distinct puzzles, below the puzzle-space
  // floor, so random draws skip it; it is generated when asked for by layout.
  center: 0.01,
  'left-right': 0.19,
  'up-down': 0.19,
  'outer-inner': 0.19,
  'grid-2x2': 0.21,
  'grid-3x3': 0.21,
};

const RULES_FOR: Readonly<Record<AttributeName, readonly RuleName[]>> = {
  // Adding shapes has no natural meaning, so shape has no arithmetic rule (as in RAVEN).
  shape: ['progression', 'distribute-three'],
  size: ['progression', 'arithmetic', 'distribute-three'],
  fill: ['progression', 'arithmetic', 'distribute-three'],
  number: ['progression', 'arithmetic', 'distribute-three'],
  position: ['progression', 'arithmetic', 'distribute-three'],
};

export const MAX_NON_CONSTANT_RULES = 4;

const OBJECT_SLOTS = Object.fromEntries(
  Object.entries(LAYOUTS).map(([name, l]) => [name, l.components.reduce((s, c) => s + c.slots.length, 0)]),
) as Readonly<Record<LayoutName, number>>;

export function objectSlots(layout: LayoutName): number {
  return OBJECT_SLOTS[layout];
}

interface SlotDef {
  readonly component: number;
  readonly attribute: AttributeName;
}

function slotsOf(name: LayoutName): readonly SlotDef[] {
  return LAYOUTS[name].components.flatMap((c, component) =>
    c.attributes.map((attribute) => ({ component, attribute })),
  );
}

const SLOTS: Readonly<Record<LayoutName, readonly SlotDef[]>> = {
  center: slotsOf('center'),
  'left-right': slotsOf('left-right'),
  'up-down': slotsOf('up-down'),
  'outer-inner': slotsOf('outer-inner'),
  'grid-2x2': slotsOf('grid-2x2'),
  'grid-3x3': slotsOf('grid-3x3'),
};

const LAYOUT_WEIGHT_LIST = LAYOUT_NAMES.map((n) => LAYOUT_WEIGHTS[n]);

/** The first `k` entries of a random permutation of 0..n-1 (partial Fisher-Yates). */
// A plain loop, not Array.from with a callback: it runs some 3,000 times per part drawn (the structure pool).
function randomSubset(rng: Rng, n: number, k: number): number[] {
  const idx: number[] = new Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(n - i);
    const t = idx[i] as number;
    idx[i] = idx[j] as number;
    idx[j] = t;
  }
  return k === n ? idx : idx.slice(0, k);
}

/** What a drawn structure is before its features and predicted parameters are computed (`finish`). */
interface StructureDraft {
  readonly layout: LayoutName;
  readonly rules: readonly RuleSlot[];
  readonly distractors: DistractorPlan;
  readonly puzzleBits: number;
}

/**
 * Draws a structure; `minRules`/`maxRules` bound the number of non-constant rules.
 * Unless a layout is asked for, structures with a small puzzle space are redrawn
 * (see puzzle-space.ts), which in practice leaves out the single centre layout.
 */
export function sampleStructure(
  rng: Rng,
  layout?: LayoutName,
  minRules = 1,
  maxRules = MAX_NON_CONSTANT_RULES,
): ItemStructure {
  const d = sampleDraft(rng, layout, minRules, maxRules);
  return finish(d.layout, d.rules, d.distractors, d.puzzleBits);
}

/**
 * `surfaceProof(sampleStructure(rng))`, the same draws and the same structure, with its features computed once
 * (a form's assembly draws 1,500 of them per part and keeps about ten).
 */
export function sampleSurfaceProofStructure(rng: Rng): ItemStructure {
  const d = sampleDraft(rng, undefined, 1, MAX_NON_CONSTANT_RULES);
  return finish(d.layout, d.rules, surfaceProofPlan(d.rules, d.distractors), d.puzzleBits);
}

function sampleDraft(rng: Rng, layout: LayoutName | undefined, minRules: number, maxRules: number): StructureDraft {
  for (let i = 0; ; i++) {
    const d = drawDraft(rng, layout, minRules, maxRules);
    if (layout !== undefined || d.puzzleBits >= MIN_PUZZLE_BITS || i >= 200) return d;
  }
}

/** Each layout's slots with the constant rule: shared, as rules are never changed once drawn. */
const constantRules = (name: LayoutName): readonly RuleSlot[] =>
  SLOTS[name].map((s): RuleSlot => ({ component: s.component, attribute: s.attribute, rule: 'constant' }));
const CONSTANT_RULES: Readonly<Record<LayoutName, readonly RuleSlot[]>> = {
  center: constantRules('center'),
  'left-right': constantRules('left-right'),
  'up-down': constantRules('up-down'),
  'outer-inner': constantRules('outer-inner'),
  'grid-2x2': constantRules('grid-2x2'),
  'grid-3x3': constantRules('grid-3x3'),
};

function drawDraft(rng: Rng, layout: LayoutName | undefined, minRules: number, maxRules: number): StructureDraft {
  const name = layout ?? (LAYOUT_NAMES[weightedIndex(rng, LAYOUT_WEIGHT_LIST)] as LayoutName);
  const slots = SLOTS[name];
  const lo = name === 'center' ? Math.max(2, minRules) : minRules;
  const hi = Math.min(maxRules, slots.length);
  const k = Math.min(slots.length, lo + rng.int(Math.max(1, hi - lo + 1)));
  const active = randomSubset(rng, slots.length, k);
  const rules: RuleSlot[] = CONSTANT_RULES[name].slice();
  for (const i of active) {
    const s = slots[i] as SlotDef;
    const attribute: AttributeName = s.attribute === 'position' && rng.next() < 0.5 ? 'number' : s.attribute;
    rules[i] = { component: s.component, attribute, rule: pick(rng, RULES_FOR[attribute]) };
  }
  const distractors = planDistractors(rng, rules, active);
  return { layout: name, rules, distractors, puzzleBits: puzzleSpaceBits(name, rules) };
}

function planDistractors(rng: Rng, rules: readonly RuleSlot[], governed: readonly number[]): DistractorPlan {
  const design = rules.length >= 4 ? 'hexagon' : 'product';
  const m = design === 'hexagon' ? 3 : 2;
  const constant: number[] = [];
  for (let i = 0; i < rules.length; i++) if (!governed.includes(i)) constant.push(i);
  const wantGoverned = 1 + rng.int(Math.min(m, governed.length));
  const take = governed.slice(0, wantGoverned);
  const order = randomSubset(rng, constant.length, constant.length);
  for (const j of order) if (take.length < m) take.push(constant[j] as number);
  for (let i = wantGoverned; i < governed.length && take.length < m; i++) take.push(governed[i] as number);
  return { design, varied: take, near: rng.next() < 0.5 };
}

/**
 * Computes features and predicted parameters of a structure. `puzzleBits` (`puzzleSpaceBits` of the layout and
 * rules) is the drawn structure's: it does not depend on the distractor plan, which is all surfaceProof changes.
 */
export function finish(
  layout: LayoutName,
  rules: readonly RuleSlot[],
  distractors: DistractorPlan,
  puzzleBits: number,
): ItemStructure {
  const nonConstant = rules.filter((r) => r.rule !== 'constant');
  const governedShare =
    distractors.varied.filter((i) => rules[i]?.rule !== 'constant').length / distractors.varied.length;
  const features: DifficultyFeatures = {
    layout,
    nonConstantRules: nonConstant.length,
    ruleTypes: nonConstant.map((r) => r.rule),
    objectSlots: objectSlots(layout),
    distractorSimilarity: 0.5 * governedShare + (distractors.near ? 0.5 : 0),
  };
  return {
    layout,
    rules,
    distractors,
    features,
    a: predictA(features),
    b: predictB(features, rules),
    puzzleBits,
  };
}

/**
 * The version-2 distractor plan of a structure (deterministic, no randomness, so version 1's draws are
 * untouched). Surface matching ("the option most like row 3" or "like the panel to the left") wins whenever
 * the answer is the only option that keeps every constant attribute of row 3: with one rule-governed
 * attribute on the binary axis of the 2 x 3 product (or one of three on the hexagon) it shares that top
 * score with one other option at best. Here a single governed attribute always takes the ternary axis, so
 * three options keep row 3's constants (the answer and two with another value of the governed attribute,
 * drawn as a uniform pair, so still exchangeable with the answer's value) and the other three change one
 * constant: the surface matchers tie three ways at best, and lose whenever a distractor repeats a row-3
 * panel. Two or three governed attributes keep their design (every option then breaks a rule).
 */
export function surfaceProof(s: ItemStructure): ItemStructure {
  return finish(s.layout, s.rules, surfaceProofPlan(s.rules, s.distractors), s.puzzleBits);
}

function surfaceProofPlan(rules: readonly RuleSlot[], plan: DistractorPlan): DistractorPlan {
  const governed = plan.varied.filter((i) => rules[i]?.rule !== 'constant');
  // The plan's fields in its own order (planDistractors'), not a spread: the same JSON, a fraction of the cost.
  if (governed.length !== 1) return { design: plan.design, varied: plan.varied, near: plan.near, repeats: true };
  const g = governed[0] as number;
  const constant = plan.varied.find((i) => i !== g) as number;
  return { design: 'product', varied: [constant, g], near: plan.near, repeats: true };
}

/** Stable key of a structure: items sharing it form one calibration family. */
export function structureKey(s: ItemStructure): string {
  const rules = s.rules.map((r) => `${r.component}${r.attribute[0]}${r.attribute[1]}:${r.rule}`).join(',');
  const d = s.distractors;
  return `${s.layout}|${rules}|${d.design}:${d.varied.join('.')}:${d.near ? 'n' : 'f'}${d.repeats ? ':r' : ''}`;
}
