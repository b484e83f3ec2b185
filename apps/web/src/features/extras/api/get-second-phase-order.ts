import { type Locale, secondPhaseOrder } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** A paid order's upsell steps and what it has (the report's own access: this browser, or a link's token). */
export function secondPhaseQuery(orderNumber: string, token: string | null, hl: Locale) {
  return queryOptions({
    queryKey: ['extras', 'order', orderNumber, token, hl],
    queryFn: ({ signal }) =>
      call(secondPhaseOrder, {
        params: { orderNumber },
        query: token ? { token, hl } : { hl },
        signal,
      }),
  });
}
