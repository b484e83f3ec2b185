import { vipStatus as vipStatusEndpoint } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

/** Until when the order's VIP access runs (read once, right after it was bought). */
export function vipStatus(orderNumber: string, token: string | null) {
  return call(vipStatusEndpoint, { params: { examOrderNumber: orderNumber }, query: token ? { token } : {} });
}
