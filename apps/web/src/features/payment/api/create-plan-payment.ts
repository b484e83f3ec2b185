import { createPlanPayment as createPlanPaymentEndpoint } from '@mindgauge/contract';
import type { CallInput } from '../../../lib/api-client';
import { call } from '../../../lib/api-client';

export type CreatePlanPaymentBody = NonNullable<CallInput<typeof createPlanPaymentEndpoint>['body']>;

/** Starts (or resumes) the first payment of a plan: the trial, or the first period. */
export function createPlanPayment(body: CreatePlanPaymentBody) {
  return call(createPlanPaymentEndpoint, { body });
}
