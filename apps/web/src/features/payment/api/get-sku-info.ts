import { type Locale, skuInfo, type TSkuId } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** One tier, priced like the list (the payment screen's order information and total). */
export function skuInfoQuery(
  examId: number,
  skuId: TSkuId,
  country: string,
  hl: Locale,
  order: string,
  promo?: string | null,
) {
  return queryOptions({
    queryKey: ['checkout', 'skuInfo', examId, skuId, country, hl, order, promo ?? null],
    queryFn: ({ signal }) =>
      call(skuInfo, {
        params: { examId, skuId, country, hl },
        query: { order, promo: promo ?? undefined },
        signal,
      }),
    staleTime: 60_000,
  });
}
