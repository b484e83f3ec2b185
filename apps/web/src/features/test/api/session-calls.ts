import {
  confirmSession as confirmSessionEndpoint,
  createExamOrder as createExamOrderEndpoint,
  type Locale,
  updateOrderEmail as updateOrderEmailEndpoint,
} from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

export function confirmSession(sessionId: string) {
  return call(confirmSessionEndpoint, { body: { sessionId } });
}

export function createExamOrder(sessionId: string) {
  return call(createExamOrderEndpoint, { body: { sessionId } });
}

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
