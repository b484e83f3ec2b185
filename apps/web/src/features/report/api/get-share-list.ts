import { shareList } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { withToken } from './with-token';

export const shareListQuery = (orderNumber: string, token: string | null) =>
  queryOptions({
    queryKey: ['report', 'shares', orderNumber, token],
    queryFn: ({ signal }) => call(shareList, { params: { orderNumber }, query: withToken({}, token), signal }),
  });
