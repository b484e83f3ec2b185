import { nextPart as nextPartEndpoint } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

/** Finishes a part: its answers become final and the server routes the next part from them. */
export function nextPart(part: number) {
  return call(nextPartEndpoint, { body: { part } });
}
