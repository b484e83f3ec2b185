import { post } from './checkout-helpers';
import type { TestApp } from './test-app';

/** An answer sheet for a questionnaire's statements, the answer of each given by its position. */
export function labAnswers(items: readonly string[], answerAt: (index: number) => number) {
  return items.map((itemId, i) => ({ itemId, value: answerAt(i) }));
}

/** An analytic thinker: agrees with the analytic statements (odd ones), not with the holistic. */
export const analyticSheet = (items: readonly string[]) =>
  labAnswers(items, (i) => (i % 2 === 0 ? [5, 4, 5][i % 3] : [2, 1, 2, 3][i % 4]) as number);

/** A middling EQ sheet: varied answers around the middle. */
export const middleEqSheet = (items: readonly string[]) => labAnswers(items, (i) => [3, 4, 2, 3, 4][i % 5] as number);

export function submitLab(t: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return post(t, '/api/exam/order/info/free', body, headers);
}

/** The lab's listing of an order, read with its report link. */
export function labTests(t: TestApp, order: string, token: string) {
  return t.app.inject({ method: 'GET', url: `/api/exam/order/free/list/${order}?token=${token}` });
}
