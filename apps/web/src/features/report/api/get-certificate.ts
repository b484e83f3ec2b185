import { certificateVerify, type Locale } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const certificateQuery = (serial: string, hl: Locale) =>
  queryOptions({
    queryKey: ['report', 'certificate', serial, hl],
    queryFn: ({ signal }) => call(certificateVerify, { params: { serial }, query: { hl }, signal }),
  });
