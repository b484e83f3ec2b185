/**
 * The short self-report questionnaires of the psychology lab: a thinking-style test (sold under its popular
 * name, "left/right brain") and an emotional-intelligence (EQ) self-assessment. Written for Mindgauge.
 *
 * Both are self-reports without norms: their scores say how strongly a person agreed with statements about
 * themselves, on the scale's own range, never how they compare with other people. Each scale mixes keyings
 * where it can, so answering everything alike does not look like a profile.
 */
export type QuestionnaireId = 'brain' | 'eq';
export const QUESTIONNAIRE_IDS: readonly QuestionnaireId[] = ['brain', 'eq'];

export interface QuestionnaireItem {
  readonly id: string;
  /** Locale key of the statement, e.g. lab.item.eq01. */
  readonly key: string;
  readonly scale: string;
  /** +1: agreeing raises the scale; -1: agreeing lowers it. */
  readonly keying: 1 | -1;
}

export interface Questionnaire {
  readonly id: QuestionnaireId;
  readonly scales: readonly string[];
  /** In the order they are asked: the scales take turns, so no two neighbours measure the same thing. */
  readonly items: readonly QuestionnaireItem[];
}

/** Items cycling through the scales, with the keying of each (by position within its scale). */
function cycle(
  id: QuestionnaireId,
  prefix: string,
  scales: readonly string[],
  keyings: readonly (1 | -1)[],
): QuestionnaireItem[] {
  return Array.from({ length: scales.length * keyings.length }, (_, i) => {
    const itemId = `${prefix}${String(i + 1).padStart(2, '0')}`;
    return {
      id: itemId,
      key: `lab.${id}.item.${itemId}`,
      scale: scales[i % scales.length] as string,
      keying: keyings[Math.floor(i / scales.length)] as 1 | -1,
    };
  });
}

/**
 * Thinking style: 8 statements of an analytic (step-by-step, verbal, planned) and 8 of a holistic (big
 * picture, visual, intuitive) way of working. The two scales are scored apart: a person can lean to both.
 */
export const BRAIN_STYLE: Questionnaire = {
  id: 'brain',
  scales: ['analytic', 'holistic'],
  items: cycle('brain', 'b', ['analytic', 'holistic'], [1, 1, 1, 1, 1, 1, 1, 1]),
};

/**
 * Emotional intelligence, four areas of five statements (after the common self-awareness, self-management,
 * social awareness and relationship model), two of each five keyed against the area.
 */
export const EQ: Questionnaire = {
  id: 'eq',
  scales: ['selfAwareness', 'selfManagement', 'socialAwareness', 'relationships'],
  items: cycle('eq', 'e', ['selfAwareness', 'selfManagement', 'socialAwareness', 'relationships'], [1, -1, 1, 1, -1]),
};

export const QUESTIONNAIRES: Readonly<Record<QuestionnaireId, Questionnaire>> = { brain: BRAIN_STYLE, eq: EQ };
