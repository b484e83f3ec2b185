import { type Locale, orderInfo } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiResponseError, call } from '../../../lib/api-client';

/**
 * A paid order's report: for this browser (the one that took the test) or with the token of an e-mailed link.
 * Unpaid (402) and refused (403) answers are states of the screen, not failures.
 */
export const reportQuery = (orderNumber: string, token: string | null, hl: Locale) =>
  queryOptions({
    // Per language: switching language reads the report's texts (class, dimensions) in the new one.
    queryKey: ['report', orderNumber, token, hl],
    queryFn: async () => {
      try {
        return { report: await call(orderInfo, { params: { orderNumber }, query: token ? { token, hl } : { hl } }) };
      } catch (err) {
        const code = err instanceof ApiResponseError ? err.body?.code : undefined;
        if (code === 'REPORT_LOCKED' || code === 'REPORT_ACCESS_DENIED') return { report: null, refused: code };
        throw err;
      }
    },
  });
