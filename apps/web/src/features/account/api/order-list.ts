import { userOrderList } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const orderListQuery = (userId: string) =>
  queryOptions({
    queryKey: ['account', 'orders', userId],
    queryFn: async () => (await call(userOrderList, { params: { id: userId } })).orders,
  });
