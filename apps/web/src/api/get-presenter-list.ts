import { type Locale, presenterList } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../lib/api-client';

/**
 * The tests an order presented (gifted) to others. Its key sits under `report`: buying an extra invalidates
 * every report read, this one included.
 */
export function presenterQuery(orderNumber: string, token: string | null, hl: Locale) {
  return queryOptions({
    queryKey: ['report', 'presenter', orderNumber, token, hl],
    queryFn: ({ signal }) =>
      call(presenterList, { params: { orderNumber }, query: token ? { token, hl } : { hl }, signal }),
  });
}
