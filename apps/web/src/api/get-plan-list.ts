import { type Locale, planList } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../lib/api-client';

/**
 * The plans priced for a country, and the methods that can pay them. With an order: the plan prices that
 * order was first shown, which it keeps when the catalogue changes (decision 0038).
 */
export function planListQuery(examId: number, country: string, hl: Locale, order?: string) {
  return queryOptions({
    queryKey: ['checkout', 'planList', examId, country, hl, order ?? null],
    queryFn: ({ signal }) => call(planList, { params: { examId, country, hl }, query: order ? { order } : {}, signal }),
    staleTime: 60_000,
  });
}
