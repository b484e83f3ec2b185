import { orderCountryList } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The countries with their own price table (the scheme screen's country choice). */
export function orderCountriesQuery() {
  return queryOptions({
    queryKey: ['checkout', 'countries'],
    queryFn: ({ signal }) => call(orderCountryList, { signal }),
    staleTime: 30 * 60_000,
  });
}
