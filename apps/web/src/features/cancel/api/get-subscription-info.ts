import { subscriptionInfo } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

/** The subscription an e-mail's cancel link names (its token required); read once, by the route's loader. */
export function fetchSubscriptionInfo(subscriptionId: string, token: string) {
  return call(subscriptionInfo, { params: { subscriptionId }, query: { token } });
}
