import { formatScope, PERSONALITY_APP_CODE, PERSONALITY_EXAM_ID } from '@mindgauge/contract';
import { buildHref } from '../../app/paths';

/** The personality exam's `{code}-{examId}`, whatever landing scope the visitor came in on. */
export const PERSONALITY_SCOPE = formatScope({ code: PERSONALITY_APP_CODE, examId: PERSONALITY_EXAM_ID });

/** "Take the test": the questionnaire (a finished sheet continues on its result). */
export function personalityTestStartHref(): string {
  return buildHref('personalityTest', { scope: PERSONALITY_SCOPE });
}
