import { languageList } from '@mindgauge/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';

export function languagesQuery(examId: number) {
  return queryOptions({
    queryKey: ['exam', 'languages', examId],
    queryFn: ({ signal }) => call(languageList, { params: { examId }, signal }),
    staleTime: 60 * 60_000,
  });
}

/** The languages the exam is offered in. */
export function useLanguages(examId: number) {
  return useQuery(languagesQuery(examId));
}
