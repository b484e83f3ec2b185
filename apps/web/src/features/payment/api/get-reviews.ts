import { type Locale, reviewList } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Moderated buyer reviews (and seeded demo reviews, which are marked as such). */
export function reviewsQuery(examId: number, hl: Locale) {
  return queryOptions({
    queryKey: ['checkout', 'reviews', examId, hl],
    queryFn: ({ signal }) => call(reviewList, { params: { examId, hl }, signal }),
    staleTime: 10 * 60_000,
  });
}
