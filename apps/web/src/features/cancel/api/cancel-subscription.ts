import { type Locale, unsubscribeCancel } from '@mindgauge/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type CancelSubscriptionBody = { email?: string; subscriptionId?: string; token?: string; hl: Locale };

/** Cancels every running subscription of an address, or the one a one-click link names. */
export function cancelSubscription(body: CancelSubscriptionBody) {
  return call(unsubscribeCancel, { body });
}

export function useCancelSubscription() {
  return useMutation({ mutationFn: cancelSubscription });
}
