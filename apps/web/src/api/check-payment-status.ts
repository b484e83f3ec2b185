import { checkPaymentStatus as checkPaymentStatusEndpoint } from '@mindgauge/contract';
import { call } from '../lib/api-client';

/** Asks the processor how the order's payment stands; the server records a success once. */
export function checkPaymentStatus(orderNumber: string, paymentId?: string, signal?: AbortSignal) {
  return call(checkPaymentStatusEndpoint, { body: { orderNumber, paymentId }, signal });
}
