import { type Locale, updateOrderEmail as updateOrderEmailEndpoint } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

export function updateOrderEmail(
  orderNumber: string,
  email: string,
  versions: { terms: string; privacy: string },
  hl: Locale,
) {
  return call(updateOrderEmailEndpoint, {
    body: {
      orderNumber,
      email,
      hl,
      consent: { terms: true, termsVersion: versions.terms, privacyVersion: versions.privacy },
    },
  });
}
