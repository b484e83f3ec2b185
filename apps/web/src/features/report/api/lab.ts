import { labList, labSubmit, type TLabResult, type TLabTestId } from '@mindgauge/contract';
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

export function submitLab(input: {
  orderNumber: string;
  token: string | null;
  testId: TLabTestId;
  answers: { itemId: string; value: number }[];
}): Promise<TLabResult> {
  const { token, ...rest } = input;
  return call(labSubmit, { body: token ? { ...rest, token } : rest });
}
