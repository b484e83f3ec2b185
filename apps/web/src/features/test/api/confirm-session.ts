import { confirmSession as confirmSessionEndpoint } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

/** Locks the answers of the session in the cookie. */
export function confirmSession() {
  return call(confirmSessionEndpoint, { body: {} });
}
