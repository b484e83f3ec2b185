import { endpoints, type Locale } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

export function retrieveReports(email: string, hl: Locale) {
  return call(endpoints.retrieveReports, { body: { email, hl } });
}
