import { examStats } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The platform's own counts for an exam (never invented numbers). */
export function examStatsQuery(examId: number) {
  return queryOptions({
    queryKey: ['exam', 'stats', examId],
    queryFn: ({ signal }) => call(examStats, { params: { examId }, signal }),
    staleTime: 5 * 60_000,
  });
}
