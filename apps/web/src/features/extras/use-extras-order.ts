import type { Locale } from '@mindgauge/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref } from '../../app/paths';
import { useScope } from '../../app/use-scope';
import { secondPhaseQuery } from './api/get-second-phase-order';

/**
 * The paid order an extras screen is about (`?order=`, and `?token=` when opened from an e-mailed link), what
 * it has, and links that keep the token (to the report, to another step).
 */
export function useExtrasOrder(hl: Locale) {
  const scope = useScope();
  const [search] = useSearchParams();
  const orderNumber = orderFromSearch(search);
  const token = search.get('token');
  const { data: order } = useSuspenseQuery(secondPhaseQuery(orderNumber, token, hl));
  const withToken = (q: Record<string, string>) => ({ ...q, order: orderNumber, ...(token ? { token } : {}) });
  return {
    order,
    token,
    withToken,
    reportHref: buildHref('reportResult', { scope: scope.value }, withToken({})),
  };
}
