import { formatScope, PERSONALITY_APP_CODE, PERSONALITY_EXAM_ID } from '@mindgauge/contract';
import { buildHref, type RouteKey } from '../../app/paths';

/**
 * TODO(issue 19, lead): the personality test's start screen is being built elsewhere. Until the registry has
 * a key of its own for it, "Take the test" points at the shared start route with the personality exam's
 * scope (one session model serves both exams). Change only this constant when the start route lands.
 */
export const PERSONALITY_TEST_START_ROUTE_TODO: RouteKey = 'answerStartLoading';

/** The personality exam's `{code}-{examId}`, whatever landing scope the visitor came in on. */
export const PERSONALITY_SCOPE = formatScope({ code: PERSONALITY_APP_CODE, examId: PERSONALITY_EXAM_ID });

export function personalityTestStartHref(): string {
  return buildHref(PERSONALITY_TEST_START_ROUTE_TODO, { scope: PERSONALITY_SCOPE });
}
