import { type Locale, retrieveReports as retrieveReportsEndpoint } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

export function retrieveReports(email: string, hl: Locale) {
  return call(retrieveReportsEndpoint, { body: { email, hl } });
}
