import { type Locale, questionList } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The visitor's session (the server finds it by its cookie). Never refetched behind the visitor's back. */
export function questionListQuery(examId: number, hl: Locale) {
  return queryOptions({
    queryKey: ['test', 'session', examId, hl],
    queryFn: ({ signal }) => call(questionList, { params: { examId, hl }, query: {}, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function restartSession(examId: number, hl: Locale) {
  return call(questionList, { params: { examId, hl }, query: { restart: '1' } });
}

/** The session again after a part is finished: the next part's questions, drawn on the server. */
export function refetchSession(examId: number, hl: Locale) {
  return call(questionList, { params: { examId, hl }, query: {} });
}
