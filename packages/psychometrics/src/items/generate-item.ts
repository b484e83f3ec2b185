import type { Rng } from '../core/rng';
import { shuffled } from '../core/rng';
import { LEVEL_BANDS, levelOf } from './difficulty';
import { type AttributeSpace, optionTuples } from './distractors';
import { explain } from './explain';
import { numericPredictions, positionPredictions } from './hypotheses';
import { itemId, panelsEqual } from './item-key';
import { LAYOUTS } from './layouts';
import { attributeRows, maskFor } from './rule-values';
import { type ItemStructure, type RuleSlot, sampleStructure, structureKey } from './structure';
import type { ComponentState, LayoutName, MatrixItem, Panel, RuleSpec } from './types';

export interface ItemSpec {
  /** Difficulty level 1..5 (bands of predicted b); default 3. Ignored when targetB is set. */
  readonly level?: number;
  /** Aim for this predicted b (within `tolerance`, default 0.06). */
  readonly targetB?: number;
  /** Aim for this predicted a as well (within `aTolerance`, default 0.08). */
  readonly targetA?: number;
  readonly tolerance?: number;
  readonly aTolerance?: number;
  readonly layout?: LayoutName;
}

/** Generates one verified item. Deterministic for a given rng state and spec. */
export function generateItem(rng: Rng, spec: ItemSpec = {}): MatrixItem {
  for (;;) {
    const structure = chooseStructure(rng, spec);
    const item = generateFromStructure(rng, structure);
    if (item) return item;
  }
}

export function chooseStructure(rng: Rng, spec: ItemSpec): ItemStructure {
  let best: ItemStructure | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  if (spec.targetB !== undefined) {
    const tol = spec.tolerance ?? 0.06;
    const aTol = spec.aTolerance ?? 0.08;
    for (let i = 0; i < 2000; i++) {
      const s = sampleStructure(rng, spec.layout);
      const db = Math.abs(s.b - spec.targetB);
      const da = spec.targetA === undefined ? 0 : Math.abs(s.a - spec.targetA);
      if (db <= tol && da <= aTol) return s;
      const distance = db + 0.5 * da;
      if (distance < bestDistance) {
        best = s;
        bestDistance = distance;
      }
    }
    return best as ItemStructure;
  }
  const level = Math.min(5, Math.max(1, Math.round(spec.level ?? 3)));
  const [lo, hi] = LEVEL_BANDS[level - 1] as readonly [number, number];
  for (let i = 0; i < 2000; i++) {
    const s = sampleStructure(rng, spec.layout);
    if (s.b >= lo && s.b < hi) return s;
    const distance = s.b < lo ? lo - s.b : s.b - hi;
    if (distance < bestDistance) {
      best = s;
      bestDistance = distance;
    }
  }
  return best as ItemStructure;
}

interface Cells {
  /** Nine cell values as stored in panels (masks for grid slots). */
  readonly cells: number[];
  readonly spec: RuleSpec;
}

function capacityOf(layout: LayoutName, component: number): number {
  return LAYOUTS[layout].components[component]?.slots.length ?? 1;
}

/** Draws values for one rule until its attribute has exactly one consistent completion. */
function drawRule(rng: Rng, layout: LayoutName, slot: RuleSlot): Cells | null {
  const capacity = capacityOf(layout, slot.component);
  for (let attempt = 0; attempt < 20; attempt++) {
    const values = attributeRows(rng, slot.attribute, slot.rule, capacity);
    const cells = values.rows.flat().map((v) => maskFor(slot.attribute, capacity, v));
    const context = cells.slice(0, 8);
    const answer = cells[8] as number;
    const predictions =
      slot.attribute === 'number' || slot.attribute === 'position'
        ? positionPredictions(context, capacity)
        : numericPredictions(context, 1, slot.attribute === 'shape' ? 5 : 6);
    if (predictions.size !== 1 || !predictions.has(answer)) continue;
    const spec: RuleSpec = {
      component: slot.component,
      attribute: slot.attribute,
      rule: slot.rule,
      ...(values.step === undefined ? {} : { step: values.step }),
      ...(values.op === undefined ? {} : { op: values.op }),
      rows: values.rows,
      explanation: explain(slot.attribute, slot.rule, values.step, values.op),
    };
    return { cells, spec };
  }
  return null;
}

function field(attribute: RuleSlot['attribute']): keyof ComponentState {
  return attribute === 'number' || attribute === 'position' ? 'positions' : attribute;
}

function buildPanel(
  layout: LayoutName,
  rules: readonly Cells[],
  cell: number,
  override?: ReadonlyMap<number, number>,
): Panel {
  const def = LAYOUTS[layout];
  const states = def.components.map((c) => ({ positions: 1, shape: 1, size: 1, fill: c.outline ? 0 : 1 }));
  rules.forEach((r, i) => {
    const state = states[r.spec.component];
    if (!state) return;
    state[field(r.spec.attribute)] = override?.get(i) ?? (r.cells[cell] as number);
  });
  return { components: states };
}

/** Attribute value of the answer as distractors see it (counts for number rules). */
function distractorValue(r: Cells): number {
  if (r.spec.attribute === 'number') return r.spec.rows[2]?.[2] as number;
  return r.cells[8] as number;
}

function spaceOf(layout: LayoutName, r: Cells): AttributeSpace {
  const capacity = capacityOf(layout, r.spec.component);
  switch (r.spec.attribute) {
    case 'position':
      return { kind: 'mask', size: capacity };
    case 'number':
      return { kind: 'value', size: capacity };
    case 'shape':
      return { kind: 'value', size: 5 };
    default:
      return { kind: 'value', size: 6 };
  }
}

/**
 * Values, panels and distractors for a structure; null when this draw cannot be made well-posed.
 * `answerAt` puts the correct option at that position (a form balances its key); otherwise it lands at random.
 */
export function generateFromStructure(rng: Rng, structure: ItemStructure, answerAt?: number): MatrixItem | null {
  const { layout } = structure;
  for (let attempt = 0; attempt < 30; attempt++) {
    const rules: Cells[] = [];
    for (const slot of structure.rules) {
      const drawn = drawRule(rng, layout, slot);
      if (!drawn) return null;
      rules.push(drawn);
    }
    const context = Array.from({ length: 8 }, (_, cell) => buildPanel(layout, rules, cell));
    const answer = buildPanel(layout, rules, 8);
    if (context.some((p) => panelsEqual(p, answer))) continue;
    const options = drawOptions(rng, structure, layout, rules, context);
    if (!options) continue;
    const order = shuffled(rng, [0, 1, 2, 3, 4, 5]);
    if (answerAt !== undefined) {
      const at = order.indexOf(0);
      order[at] = order[answerAt] as number;
      order[answerAt] = 0;
    }
    const shown = order.map((i) => options[i] as Panel);
    return {
      id: itemId(layout, context, shown),
      family: structureKey(structure),
      layout,
      level: levelOf(structure.b),
      context,
      options: shown,
      answerIndex: order.indexOf(0),
      rules: rules.map((r) => r.spec),
      parameters: { a: structure.a, b: structure.b, features: structure.features },
    };
  }
  return null;
}

function drawOptions(
  rng: Rng,
  structure: ItemStructure,
  layout: LayoutName,
  rules: readonly Cells[],
  context: readonly Panel[],
): Panel[] | null {
  const plan = structure.distractors;
  const varied = plan.varied.map((i) => rules[i] as Cells);
  const answerTuple = varied.map(distractorValue);
  const spaces = varied.map((r) => spaceOf(layout, r));
  for (let attempt = 0; attempt < 10; attempt++) {
    const tuples = optionTuples(rng, plan, answerTuple, spaces);
    if (!tuples) return null;
    const panels = tuples.map((tuple) => {
      const override = new Map<number, number>();
      plan.varied.forEach((ruleIndex, k) => {
        const r = rules[ruleIndex] as Cells;
        const v = tuple[k] as number;
        override.set(ruleIndex, maskFor(r.spec.attribute, capacityOf(layout, r.spec.component), v));
      });
      return buildPanel(layout, rules, 8, override);
    });
    if (!plan.repeats && panels.some((p) => context.some((c) => panelsEqual(p, c)))) continue;
    return panels;
  }
  return null;
}
