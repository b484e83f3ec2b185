import { socialProof } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Counters, recent completions and claim figures from the platform's own records (cached by the server). */
export function socialProofQuery(examId: number) {
  return queryOptions({
    queryKey: ['growth', 'social-proof', examId],
    queryFn: ({ signal }) => call(socialProof, { params: { examId }, signal }),
    staleTime: 60_000,
  });
}
