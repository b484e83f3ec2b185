import { revokeShare as revokeShareEndpoint } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';
import { withToken } from './with-token';

export function revokeShare(orderNumber: string, token: string | null, shareId: string) {
  return call(revokeShareEndpoint, { body: withToken({ orderNumber, shareId }, token) });
}
