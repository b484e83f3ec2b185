import { type Locale, personalityProfile } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiResponseError, call } from '../../../lib/api-client';

/**
 * A paid personality order's full profile, at its tier: for this browser (the one that took the test) or with
 * the token of an e-mailed link. Unpaid (402) and refused (403) answers are states of the screen, not failures.
 */
export const personalityProfileQuery = (orderNumber: string, token: string | null, hl: Locale) =>
  queryOptions({
    queryKey: ['personality', 'profile', orderNumber, token, hl],
    // A refusal is never reused: the unpaid profile opened before paying must open paid right after.
    staleTime: (q) => (q.state.data?.profile ? 60_000 : 0),
    queryFn: async () => {
      try {
        const query = token ? { token, hl } : { hl };
        return { profile: await call(personalityProfile, { params: { orderNumber }, query }) };
      } catch (err) {
        const code = err instanceof ApiResponseError ? err.body?.code : undefined;
        if (code === 'REPORT_LOCKED' || code === 'REPORT_ACCESS_DENIED') return { profile: null, refused: code };
        throw err;
      }
    },
  });
