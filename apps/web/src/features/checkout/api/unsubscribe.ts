import { type Locale, subscriptionInfo, unsubscribeCancel, unsubscribeCheckEmail } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

/** Whether an address has a subscription to cancel ("Email not found Please re-enter" when not). */
export function checkUnsubscribeEmail(email: string, hl: Locale) {
  return call(unsubscribeCheckEmail, { body: { email, hl } });
}

/** Cancels every running subscription of an address, or the one a one-click link names. */
export function cancelSubscription(body: { email?: string; subscriptionId?: string; token?: string; hl: Locale }) {
  return call(unsubscribeCancel, { body });
}

/** The subscription an e-mail's cancel link names (its token required). */
export function fetchSubscriptionInfo(subscriptionId: string, token: string) {
  return call(subscriptionInfo, { params: { subscriptionId }, query: { token } });
}
