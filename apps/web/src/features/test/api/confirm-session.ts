import { confirmSession as confirmSessionEndpoint } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

export function confirmSession(sessionId: string) {
  return call(confirmSessionEndpoint, { body: { sessionId } });
}
