import { type Locale, sendReportCopy as sendReportCopyEndpoint } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

/** Sends a paid order's report e-mail to another address as well (rate limited). */
export function sendReportCopy(orderNumber: string, email: string, hl: Locale) {
  return call(sendReportCopyEndpoint, { body: { orderNumber, email, hl } });
}
