import { type Locale, vipDetail } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const vipDetailQuery = (userId: string, hl: Locale) =>
  queryOptions({
    queryKey: ['account', 'vip', userId, hl],
    queryFn: () => call(vipDetail, { query: { hl } }),
  });
