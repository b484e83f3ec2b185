import { saveProfile as saveProfileEndpoint, type TProfileRequest } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

/** Saves the "about you" form of an order's test (this browser took it: its cookie goes with the call). */
export function saveProfile(body: TProfileRequest) {
  return call(saveProfileEndpoint, { body });
}
