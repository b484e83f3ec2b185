/** Structured form of a matrix item: everything a tool needs to check it without SVG. */

export type LayoutName = 'center' | 'left-right' | 'up-down' | 'outer-inner' | 'grid-2x2' | 'grid-3x3';
/** `number` and `position` both govern a grid's occupied slots; a rule uses one of them. */
export type AttributeName = 'number' | 'position' | 'shape' | 'size' | 'fill';
export type RuleName = 'constant' | 'progression' | 'arithmetic' | 'distribute-three';
export type ShapeName = 'triangle' | 'square' | 'pentagon' | 'hexagon' | 'circle';

/**
 * One component of a panel. All objects of a component share shape, size and fill
 * (as in RAVEN), and sit in the slots set in `positions`.
 * - positions: bit mask over the component's slots (bit i set = slot i occupied)
 * - shape: 1..5 = triangle, square, pentagon, hexagon, circle (sides order)
 * - size: 1..6, smallest to largest
 * - fill: 1..6, white to black in equal grey steps; 0 = outline only (outer shapes)
 */
export interface ComponentState {
  readonly positions: number;
  readonly shape: number;
  readonly size: number;
  readonly fill: number;
}

export interface Panel {
  readonly components: readonly ComponentState[];
}

/** One attribute of one component, governed by one row-wise rule. */
export interface RuleSpec {
  readonly component: number;
  readonly attribute: AttributeName;
  readonly rule: RuleName;
  /** Progression: change per panel (levels, sides, objects or slot shift). */
  readonly step?: number;
  /** Arithmetic: third panel = first + second, or first - second. */
  readonly op?: 'add' | 'subtract';
  /** The attribute's values row by row (levels, counts or position masks). */
  readonly rows: readonly (readonly number[])[];
  /** Locale keys and interpolation values explaining the rule to the test taker. */
  readonly explanation: Explanation;
}

/**
 * A translatable sentence: `key` is an i18next key; `params` are literal values;
 * `paramKeys` are values that are themselves locale keys, to translate first.
 */
export interface Explanation {
  readonly key: string;
  readonly params: Readonly<Record<string, number>>;
  readonly paramKeys: Readonly<Record<string, string>>;
}

export interface DifficultyFeatures {
  readonly layout: LayoutName;
  readonly nonConstantRules: number;
  readonly ruleTypes: readonly RuleName[];
  readonly objectSlots: number;
  /** 0..1: how much the distractors resemble the answer (see difficulty.ts). */
  readonly distractorSimilarity: number;
}

export interface ItemParameters {
  /** IRT discrimination (3PL, guessing fixed at 1/6). */
  readonly a: number;
  /** IRT difficulty on the theta scale. */
  readonly b: number;
  readonly features: DifficultyFeatures;
}

export interface MatrixItem {
  /** Content hash of the whole item as shown (context and options in order). */
  readonly id: string;
  /** Items generated from the same structure share a family (for calibration). */
  readonly family: string;
  readonly layout: LayoutName;
  /** Difficulty level 1..5 the item falls in (bands of b). */
  readonly level: number;
  /** Panels 1..8 in reading order; the ninth is the missing one. */
  readonly context: readonly Panel[];
  /** The six answer options in display order. */
  readonly options: readonly Panel[];
  readonly answerIndex: number;
  readonly rules: readonly RuleSpec[];
  readonly parameters: ItemParameters;
}
