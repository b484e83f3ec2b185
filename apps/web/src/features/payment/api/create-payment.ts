import { createPayment as createPaymentEndpoint } from '@mindgauge/contract';
import type { CallInput } from '../../../lib/api-client';
import { call } from '../../../lib/api-client';

export type CreatePaymentBody = NonNullable<CallInput<typeof createPaymentEndpoint>['body']>;

/** Starts (or, for the same checkout key, resumes) the payment of a checkout attempt. */
export function createPayment(body: CreatePaymentBody) {
  return call(createPaymentEndpoint, { body });
}
