import { DEFAULT_EXAM_ID } from '@mindgauge/contract';

/**
 * The visitor's test session rides in an httpOnly cookie, so a refresh or a reopened tab resumes it; it is
 * also what lets that browser read its report.
 */
export const SESSION_COOKIE = 'IQ-exam';

/**
 * Each exam keeps its own session cookie, so starting the personality questionnaire never drops the IQ
 * test's session (and its report access) from the browser. The IQ exam keeps the historical name.
 */
export function sessionCookieOf(examId: number): string {
  return examId === DEFAULT_EXAM_ID ? SESSION_COOKIE : `${SESSION_COOKIE}-${examId}`;
}
