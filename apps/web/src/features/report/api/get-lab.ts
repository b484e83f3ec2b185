import { labList } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiResponseError, call } from '../../../lib/api-client';

/** The lab of an order; a locked (402) or someone else's (403) report is a state of the screen, not a failure. */
export const labQuery = (orderNumber: string, token: string | null) =>
  queryOptions({
    queryKey: ['lab', orderNumber, token],
    queryFn: async () => {
      try {
        const query = token ? { token } : {};
        return { lab: await call(labList, { params: { orderNumber }, query }) };
      } catch (err) {
        const code = err instanceof ApiResponseError ? err.body?.code : undefined;
        if (code === 'REPORT_LOCKED' || code === 'REPORT_ACCESS_DENIED') return { lab: null, refused: code };
        throw err;
      }
    },
  });
