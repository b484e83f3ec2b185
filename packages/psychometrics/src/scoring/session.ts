import { PsychometricsInputError } from '../core/errors';
import type { KeyItem, ScoringKey } from './scoring-key';

/** One item's response as the app records it. */
export interface ItemResponse {
  readonly itemId: string;
  /** Chosen option 0..5, or null when the item was left unanswered. */
  readonly choice: number | null;
  /** Time spent on the item in milliseconds (summed over visits). */
  readonly timeMs: number;
  /** Milliseconds until the first option was chosen; null when none was. */
  readonly firstChoiceMs: number | null;
  /** Times the chosen option was changed after the first choice. */
  readonly answerChanges: number;
  /** Times the page lost focus (tab switch, app switch) while on the item. */
  readonly focusLosses: number;
}

export interface IqSession {
  readonly responses: readonly ItemResponse[];
}

export interface CheckedResponse {
  readonly key: KeyItem;
  readonly response: ItemResponse;
  readonly correct: boolean;
}

function finiteNumber(value: unknown, field: string, itemId: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new PsychometricsInputError('invalid_number', `${field} must be a finite number`, itemId);
  }
  return value;
}

function nonNegativeCount(value: unknown, field: string, itemId: string): void {
  const n = finiteNumber(value, field, itemId);
  if (!Number.isInteger(n) || n < 0)
    throw new PsychometricsInputError('invalid_number', `${field} must be a whole number >= 0`, itemId);
}

/**
 * Checks a session against its key and returns responses in form order. Throws
 * PsychometricsInputError (with a stable code) on any malformed input.
 */
export function checkSession(session: IqSession, key: ScoringKey, optionCount = 6): CheckedResponse[] {
  if (typeof session !== 'object' || session === null || !Array.isArray(session.responses)) {
    throw new PsychometricsInputError('invalid_session', 'session.responses must be an array');
  }
  if (session.responses.length !== key.items.length) {
    throw new PsychometricsInputError(
      'wrong_item_count',
      `expected ${key.items.length} responses, got ${session.responses.length}`,
    );
  }
  const byId = new Map<string, ItemResponse>();
  const known = new Set(key.items.map((k) => k.id));
  for (const r of session.responses) {
    if (typeof r !== 'object' || r === null || typeof r.itemId !== 'string') {
      throw new PsychometricsInputError('invalid_session', 'each response needs an itemId');
    }
    if (!known.has(r.itemId))
      throw new PsychometricsInputError('unknown_item', 'response to an item not on this form', r.itemId);
    if (byId.has(r.itemId)) throw new PsychometricsInputError('duplicate_item', 'two responses to one item', r.itemId);
    if (r.choice !== null && (!Number.isInteger(r.choice) || r.choice < 0 || r.choice >= optionCount)) {
      throw new PsychometricsInputError(
        'option_out_of_range',
        `choice must be null or 0..${optionCount - 1}`,
        r.itemId,
      );
    }
    const time = finiteNumber(r.timeMs, 'timeMs', r.itemId);
    if (time < 0) throw new PsychometricsInputError('negative_time', 'timeMs must not be negative', r.itemId);
    if (r.firstChoiceMs !== null) {
      const first = finiteNumber(r.firstChoiceMs, 'firstChoiceMs', r.itemId);
      if (first < 0) throw new PsychometricsInputError('negative_time', 'firstChoiceMs must not be negative', r.itemId);
    }
    nonNegativeCount(r.answerChanges, 'answerChanges', r.itemId);
    nonNegativeCount(r.focusLosses, 'focusLosses', r.itemId);
    byId.set(r.itemId, r);
  }
  return key.items.map((k) => {
    const response = byId.get(k.id) as ItemResponse;
    return { key: k, response, correct: response.choice === k.answerIndex };
  });
}
