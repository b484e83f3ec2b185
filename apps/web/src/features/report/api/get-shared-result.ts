import { type Locale, sharedResult } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const sharedResultQuery = (shareId: string, hl: Locale) =>
  queryOptions({
    queryKey: ['report', 'shared', shareId, hl],
    queryFn: ({ signal }) => call(sharedResult, { params: { shareId }, query: { hl }, signal }),
  });
