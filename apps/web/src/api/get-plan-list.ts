import { type Locale, planList } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../lib/api-client';

/** The plans priced for a country, and the methods that can pay them. */
export function planListQuery(examId: number, country: string, hl: Locale) {
  return queryOptions({
    queryKey: ['checkout', 'planList', examId, country, hl],
    queryFn: ({ signal }) => call(planList, { params: { examId, country, hl }, signal }),
    staleTime: 60_000,
  });
}
