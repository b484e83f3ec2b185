import { endpoints } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The order with its score summary (filled only once paid). */
export const reportQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: ['report', orderNumber],
    queryFn: () => call(endpoints.orderInfo, { params: { orderNumber } }),
  });
