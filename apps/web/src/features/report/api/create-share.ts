import { createShare as createShareEndpoint, type Locale } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';
import { withToken } from './with-token';

export function createShare(orderNumber: string, token: string | null, showScore: boolean, hl: Locale) {
  return call(createShareEndpoint, { body: withToken({ orderNumber, showScore, hl }, token) });
}
