import type { Form } from '../forms/assemble-form';

/** What the server keeps secret per session: enough to score, nothing to render. */
export interface KeyItem {
  readonly id: string;
  readonly answerIndex: number;
  readonly a: number;
  readonly b: number;
  /** 1-based part of the form. */
  readonly part: number;
  /** Number of non-constant rules: the working-memory load of the item. */
  readonly ruleLoad: number;
}

export interface ScoringKey {
  readonly items: readonly KeyItem[];
}

export function scoringKey(form: Form): ScoringKey {
  return {
    items: form.items.map((it, i) => ({
      id: it.id,
      answerIndex: it.answerIndex,
      a: it.parameters.a,
      b: it.parameters.b,
      part: form.partOf[i] ?? 1,
      ruleLoad: it.parameters.features.nonConstantRules,
    })),
  };
}
