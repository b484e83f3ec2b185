import { orderSkuCheck } from '@mindgauge/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call } from '../lib/api-client';

/** An order's checkout state. Its first call starts the order's offer countdown on the server. */
export function orderCheckoutQuery(orderNumber: string) {
  return queryOptions({
    queryKey: ['checkout', 'order', orderNumber],
    queryFn: ({ signal }) => call(orderSkuCheck, { params: { orderNumber }, signal }),
  });
}

/** Loaders always ask the server: whether the order is paid decides where the visitor goes. */
export function fetchOrderCheckout(queryClient: QueryClient, orderNumber: string) {
  return queryClient.fetchQuery({ ...orderCheckoutQuery(orderNumber), staleTime: 0 });
}
