import { type Locale, unsubscribeCancel } from '@mindgauge/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type CancelSubscriptionBody = { subscriptionId: string; token: string; hl: Locale };

/** Cancels the one subscription an e-mail's one-click link names. */
export function cancelSubscription(body: CancelSubscriptionBody) {
  return call(unsubscribeCancel, { body });
}

export function useCancelSubscription() {
  return useMutation({ mutationFn: cancelSubscription });
}
