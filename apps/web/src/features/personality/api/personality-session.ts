import {
  confirmSession,
  createExamOrder,
  type Locale,
  personalityReliability,
  questionList,
} from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The visitor's questionnaire session (found by its own cookie). Never refetched behind the visitor's back. */
export function personalitySessionQuery(examId: number, hl: Locale) {
  return queryOptions({
    queryKey: ['personality', 'session', examId, hl],
    queryFn: ({ signal }) => call(questionList, { params: { examId, hl }, query: {}, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** A new, empty sheet (answering again after a refused one, or retaking the test). */
export function restartPersonality(examId: number, hl: Locale) {
  return call(questionList, { params: { examId, hl }, query: { restart: '1' } });
}

export function confirmSheet(sessionId: string) {
  return call(confirmSession, { body: { sessionId } });
}

/** The sheet's outcome: its type (and order), or the invitation to answer again. Repeatable. */
export function personalityOutcomeQuery(sessionId: string) {
  return queryOptions({
    queryKey: ['personality', 'outcome', sessionId],
    queryFn: () => call(createExamOrder, { body: { sessionId } }),
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
