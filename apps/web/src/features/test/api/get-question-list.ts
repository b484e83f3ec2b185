import { type Locale, questionList, startSession as startSessionEndpoint } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { visitLanding } from '../../../lib/visit-landing';

/**
 * The visitor's session (the server finds it by its HttpOnly cookie; no script ever sees its id). Reading
 * never starts a test: without a session the server answers 404. Never refetched behind the visitor's back.
 */
export function questionListQuery(examId: number, hl: Locale) {
  return queryOptions({
    queryKey: ['test', 'session', examId, hl],
    queryFn: ({ signal }) => call(questionList, { params: { examId, hl }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Starts the test (the clock starts on the server), or resumes the session in the cookie. A new session
 * keeps the landing the visit began at (the funnel's attribution).
 */
export function startSession(examId: number, hl: Locale) {
  return call(startSessionEndpoint, { params: { examId, hl }, body: visitLanding() });
}

/** Abandons the session in the cookie and starts a new one (redo the test). */
export function restartSession(examId: number, hl: Locale) {
  return call(startSessionEndpoint, { params: { examId, hl }, body: { restart: true, ...visitLanding() } });
}

/** The session again after a part is finished: the next part's questions, drawn on the server. */
export function refetchSession(examId: number, hl: Locale) {
  return call(questionList, { params: { examId, hl } });
}
