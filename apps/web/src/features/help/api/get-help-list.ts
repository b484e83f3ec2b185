import { helpList, type Locale } from '@mindgauge/contract';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export function helpListQuery(examId: number, hl: Locale) {
  return queryOptions({
    queryKey: ['help', 'list', examId, hl],
    queryFn: ({ signal }) => call(helpList, { params: { examId, hl }, signal }),
  });
}

export function useHelpList(examId: number, hl: Locale) {
  return useSuspenseQuery(helpListQuery(examId, hl));
}
