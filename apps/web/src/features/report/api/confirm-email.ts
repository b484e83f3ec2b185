import { confirmOrderEmail } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

/** Applies a paid order's e-mail change, with the token of the link sent to its old address. */
export function confirmEmailChange(body: { orderNumber: string; email: string; confirm: string }) {
  return call(confirmOrderEmail, { body });
}
