import type { AttributeName, DifficultyFeatures, LayoutName, RuleName } from './types';

/**
 * Predicted IRT parameters from an item's structure (a linear logistic test
 * model in the spirit of Fischer's LLTM and Embretson's cognitive design system).
 * The reasoning behind each weight is in the package README; in short:
 * - rule type: constant < progression < distribute-three < arithmetic, the order of
 *   difficulty found by Carpenter, Just & Shell (1990) and in RAVEN's human study;
 * - each rule beyond the first costs extra, because rules must be held at once in
 *   working memory (Carpenter et al. 1990; Embretson 1998);
 * - perceptual complexity of the layout and number of objects (Primi 2001);
 * - distractors that differ from the answer only on rule-governed attributes,
 *   and by small steps, must be told apart by applying the rules, not by sight.
 * The constants place the easiest structure near b = -2.5 and the hardest near +3,
 * the span seen in calibrated matrix banks (e.g. ICAR, Sandia matrices).
 */
const RULE_COST: Readonly<Record<RuleName, number>> = {
  constant: 0,
  progression: 0.55,
  'distribute-three': 0.9,
  arithmetic: 1.2,
};
const LAYOUT_COST: Readonly<Record<LayoutName, number>> = {
  center: 0,
  'left-right': 0.2,
  'up-down': 0.2,
  'outer-inner': 0.4,
  'grid-2x2': 0.35,
  'grid-3x3': 0.6,
};
/** Spatial set rules (where and how many) are harder to see than a single value change. */
const SPATIAL_RULE_EXTRA = 0.15;
const EXTRA_RULE_LOAD = 0.3;
const SIMILARITY_WEIGHT = 0.6;
const INTERCEPT = -3.2;
export const B_MIN = -2.8;
export const B_MAX = 3.2;

/** Spatial rules act on where and how many (the number and position attributes). */
const isSpatial = (attribute: AttributeName) => attribute === 'number' || attribute === 'position';

export function predictB(
  features: DifficultyFeatures,
  rules: readonly { readonly rule: RuleName; readonly attribute: AttributeName }[],
): number {
  let load = 0;
  for (const r of rules) {
    if (r.rule !== 'constant') load += RULE_COST[r.rule] + (isSpatial(r.attribute) ? SPATIAL_RULE_EXTRA : 0);
  }
  load += EXTRA_RULE_LOAD * Math.max(0, features.nonConstantRules - 1);
  const clutter = 0.02 * features.objectSlots;
  const b =
    INTERCEPT + load + LAYOUT_COST[features.layout] + clutter + SIMILARITY_WEIGHT * features.distractorSimilarity;
  return Math.min(B_MAX, Math.max(B_MIN, b));
}

/**
 * Discrimination: items whose difficulty comes from rules load on reasoning and
 * discriminate well; difficulty bought with clutter or look-alike distractors adds
 * variance unrelated to ability, so it lowers a. Range about 1.2 to 2.0.
 */
export function predictA(features: DifficultyFeatures): number {
  const rulesBonus = 0.12 * Math.min(features.nonConstantRules, 3);
  const clutterPenalty = 0.025 * features.objectSlots;
  const similarityPenalty = 0.2 * features.distractorSimilarity;
  return 1.6 + rulesBonus - clutterPenalty - similarityPenalty;
}

/** Difficulty level 1..5 by b band. */
export const LEVEL_BANDS: readonly (readonly [number, number])[] = [
  [B_MIN, -1.5],
  [-1.5, -0.5],
  [-0.5, 0.5],
  [0.5, 1.5],
  [1.5, B_MAX + 1e-9],
];

export function levelOf(b: number): number {
  for (let i = 0; i < LEVEL_BANDS.length; i++) {
    const band = LEVEL_BANDS[i] as readonly [number, number];
    if (b < band[1]) return i + 1;
  }
  return LEVEL_BANDS.length;
}
