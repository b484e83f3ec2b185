import {
  confirmSession,
  createExamOrder,
  type Locale,
  personalityReliability,
  startSession,
  type TQuestionList,
} from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { visitLanding } from '../../../lib/visit-landing';

/**
 * The visitor's questionnaire session: opening the questionnaire starts it (a POST), or resumes the one in
 * its own cookie (the server never names it to a script). Never refetched behind the visitor's back.
 */
export function personalitySessionQuery(examId: number, hl: Locale) {
  return queryOptions({
    queryKey: ['personality', 'session', examId, hl],
    // A new session keeps the landing the visit began at (the funnel's attribution).
    queryFn: ({ signal }) => call(startSession, { params: { examId, hl }, body: visitLanding(), signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** A new, empty sheet (answering again after a refused one, or retaking the test). */
export function restartPersonality(examId: number, hl: Locale) {
  return call(startSession, { params: { examId, hl }, body: { restart: true, ...visitLanding() } });
}

/** This device's name for a session (its exam and start): what queued answers and cached outcomes key on. */
export const sheetKey = (session: Pick<TQuestionList, 'examId' | 'startedAt'>) =>
  `${session.examId}:${session.startedAt}`;

/** Where this session's answers wait while offline: the exam's own queue, this sheet's entries in it. */
export const queueOf = (session: Pick<TQuestionList, 'examId' | 'startedAt'>) => ({
  examId: session.examId,
  session: sheetKey(session),
});

export function confirmSheet(examId: number) {
  return call(confirmSession, { body: { examId } });
}

/** The sheet's outcome: its type (and order), or the invitation to answer again. Repeatable. */
export function personalityOutcomeQuery(session: Pick<TQuestionList, 'examId' | 'startedAt'>) {
  return queryOptions({
    queryKey: ['personality', 'outcome', sheetKey(session)],
    queryFn: () => call(createExamOrder, { body: { examId: session.examId } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function reliabilityQuery(examId: number) {
  return queryOptions({
    queryKey: ['personality', 'reliability', examId],
    queryFn: ({ signal }) => call(personalityReliability, { params: { examId }, signal }),
    staleTime: 5 * 60_000,
  });
}
