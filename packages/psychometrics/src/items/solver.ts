import { numericPredictions, positionPredictions } from './hypotheses';
import { panelKey, panelsEqual } from './item-key';
import { LAYOUTS } from './layouts';
import type { ComponentState, MatrixItem, Panel } from './types';

type Field = keyof ComponentState;
const FIELDS: readonly Field[] = ['positions', 'shape', 'size', 'fill'];

export interface FieldSolution {
  readonly component: number;
  readonly field: Field;
  /** Every value predicted by some rule consistent with rows 1 and 2. */
  readonly predictions: readonly number[];
}

export interface SolveResult {
  /** The unique completion, or null when some attribute has none or several. */
  readonly prediction: Panel | null;
  readonly fields: readonly FieldSolution[];
  /** Indices of options equal to the prediction. */
  readonly matchingOptions: readonly number[];
}

/**
 * Solves an item from its panels alone (the generator's rules are not consulted):
 * each attribute of each component is completed by every rule of the grammar that
 * fits rows 1 and 2. Attributes a layout does not vary must stay fixed.
 */
export function solveItem(item: Pick<MatrixItem, 'layout' | 'context' | 'options'>): SolveResult {
  const def = LAYOUTS[item.layout];
  const fields: FieldSolution[] = [];
  const predicted = def.components.map(() => ({ positions: 0, shape: 0, size: 0, fill: 0 }));
  let unique = item.context.length === 8;
  def.components.forEach((c, component) => {
    for (const field of FIELDS) {
      const cells = item.context.map((p) => p.components[component]?.[field] ?? -1);
      const capacity = c.slots.length;
      let predictions: Set<number>;
      const governed = field === 'positions' ? capacity > 1 : c.attributes.includes(field);
      if (!governed) {
        predictions = new Set(cells.every((v) => v === cells[0]) ? [cells[0] as number] : []);
      } else if (field === 'positions') {
        predictions = positionPredictions(cells, capacity);
      } else {
        predictions = numericPredictions(cells, 1, field === 'shape' ? 5 : 6);
      }
      const list = [...predictions].sort((x, y) => x - y);
      fields.push({ component, field, predictions: list });
      const state = predicted[component];
      if (list.length === 1 && state) state[field] = list[0] as number;
      else unique = false;
    }
  });
  const prediction: Panel | null = unique ? { components: predicted } : null;
  const matchingOptions: number[] = [];
  if (prediction) {
    item.options.forEach((o, i) => {
      if (panelsEqual(o, prediction)) matchingOptions.push(i);
    });
  }
  return { prediction, fields, matchingOptions };
}

export interface ItemValidation {
  readonly valid: boolean;
  readonly problems: readonly string[];
}

/**
 * The checks every generated item must pass: one consistent completion, exactly
 * one option satisfying it (the keyed one), six distinct options, none equal to a
 * context panel (unless the family allows repetitions: version 2), no option-frequency cue, and no distractor that breaks nothing or
 * everything.
 */
export function validateItem(item: MatrixItem): ItemValidation {
  const problems: string[] = [];
  if (item.context.length !== 8) problems.push('context must hold 8 panels');
  if (item.options.length !== 6) problems.push('there must be 6 options');
  if (!Number.isInteger(item.answerIndex) || item.answerIndex < 0 || item.answerIndex >= item.options.length) {
    problems.push('answer index out of range');
  }
  const solved = solveItem(item);
  for (const f of solved.fields) {
    if (f.predictions.length === 0) problems.push(`no rule fits component ${f.component} ${f.field}`);
    if (f.predictions.length > 1)
      problems.push(`ambiguous: component ${f.component} ${f.field} has ${f.predictions.length} completions`);
  }
  if (solved.prediction) {
    if (solved.matchingOptions.length !== 1)
      problems.push(`${solved.matchingOptions.length} options satisfy the rules`);
    else if (solved.matchingOptions[0] !== item.answerIndex)
      problems.push('the keyed answer does not satisfy the rules');
  }
  const keys = new Set(item.options.map(panelKey));
  if (keys.size !== item.options.length) problems.push('options are not all different');
  // Version-2 families (key ending ':r', see surfaceProof) may repeat a context panel as a distractor.
  const repeats = item.family.endsWith(':r');
  item.options.forEach((o, i) => {
    if (!repeats && item.context.some((c) => panelsEqual(c, o))) problems.push(`option ${i} equals a context panel`);
  });
  const answer = item.options[item.answerIndex];
  if (answer && solved.prediction) problems.push(...balanceProblems(item, answer, solved.fields));
  return { valid: problems.length === 0, problems };
}

function balanceProblems(item: MatrixItem, answer: Panel, fields: readonly FieldSolution[]): string[] {
  const problems: string[] = [];
  for (const f of fields) {
    const value = answer.components[f.component]?.[f.field];
    const shared = item.options.filter((o) => o.components[f.component]?.[f.field] === value).length;
    // Either the attribute is not varied (all six share it) or the answer's value is in about half.
    if (shared !== 6 && (shared < 2 || shared > 3))
      problems.push(`answer's ${f.field} appears in ${shared} of 6 options`);
  }
  const ruleCount = item.rules.length;
  item.options.forEach((o, i) => {
    if (i === item.answerIndex) return;
    let broken = 0;
    for (const f of fields)
      if (o.components[f.component]?.[f.field] !== answer.components[f.component]?.[f.field]) broken++;
    if (broken === 0 || broken >= ruleCount) problems.push(`option ${i} breaks ${broken} of ${ruleCount} rules`);
  });
  return problems;
}
