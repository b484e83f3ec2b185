import { type Locale, orderQuestions } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiResponseError, call } from '../../../lib/api-client';

/** The answer analysis; a tier without it (403 NOT_IN_TIER) or an unpaid order (402) is a state, not a failure. */
export const answerAnalysisQuery = (orderNumber: string, token: string | null, hl: Locale) =>
  queryOptions({
    queryKey: ['answer-analysis', orderNumber, token, hl],
    queryFn: async () => {
      try {
        const query = token ? { hl, token } : { hl };
        return { analysis: await call(orderQuestions, { params: { orderNumber }, query }) };
      } catch (err) {
        const code = err instanceof ApiResponseError ? err.body?.code : undefined;
        if (code === 'NOT_IN_TIER' || code === 'REPORT_LOCKED' || code === 'REPORT_ACCESS_DENIED')
          return { analysis: null, refused: code };
        throw err;
      }
    },
  });
