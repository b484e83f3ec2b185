import { type Locale, subscriptionInfo, unsubscribeCancel, unsubscribeCheckEmail } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

/** E-mails the address a one-click cancel link per running subscription; the same answer either way. */
export function checkUnsubscribeEmail(email: string, hl: Locale) {
  return call(unsubscribeCheckEmail, { body: { email, hl } });
}

/** Cancels the one subscription an e-mail's one-click link names. */
export function cancelSubscription(body: { subscriptionId: string; token: string; hl: Locale }) {
  return call(unsubscribeCancel, { body });
}

/** The subscription an e-mail's cancel link names (its token required). */
export function fetchSubscriptionInfo(subscriptionId: string, token: string) {
  return call(subscriptionInfo, { params: { subscriptionId }, query: { token } });
}
