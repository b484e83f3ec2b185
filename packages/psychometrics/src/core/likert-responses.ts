import { PsychometricsInputError } from './errors';

export interface LikertResponse {
  readonly itemId: string;
  /** 1 strongly disagree .. 5 strongly agree. */
  readonly value: number;
}

/**
 * Checks one answer (an integer 1..5) per item of a questionnaire, no more, no fewer, and returns them by
 * item id. Malformed input throws a PsychometricsInputError, which a server maps to a 4xx.
 */
export function readLikertResponses(
  items: readonly { readonly id: string }[],
  responses: readonly LikertResponse[],
): Map<string, number> {
  if (!Array.isArray(responses)) {
    throw new PsychometricsInputError('invalid_session', 'responses must be an array');
  }
  if (responses.length !== items.length) {
    throw new PsychometricsInputError('wrong_item_count', `expected ${items.length} responses`);
  }
  const known = new Set(items.map((i) => i.id));
  const values = new Map<string, number>();
  for (const r of responses) {
    if (typeof r !== 'object' || r === null || !known.has(r.itemId)) {
      throw new PsychometricsInputError('unknown_item', 'response to an unknown item', r?.itemId);
    }
    if (values.has(r.itemId))
      throw new PsychometricsInputError('duplicate_item', 'two responses to one item', r.itemId);
    if (!Number.isInteger(r.value) || r.value < 1 || r.value > 5) {
      throw new PsychometricsInputError('invalid_likert_value', 'value must be an integer 1..5', r.itemId);
    }
    values.set(r.itemId, r.value);
  }
  return values;
}
