import { type Locale, skuList } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The four report tiers priced for a country, an order's offer deadline and an applied promo code. */
export function skuListQuery(examId: number, country: string, hl: Locale, order: string, promo?: string) {
  return queryOptions({
    queryKey: ['checkout', 'skuList', examId, country, hl, order, promo ?? null],
    queryFn: ({ signal }) => call(skuList, { params: { examId, country, hl }, query: { order, promo }, signal }),
    // Prices move when the offer ends: never older than a minute.
    staleTime: 60_000,
  });
}
