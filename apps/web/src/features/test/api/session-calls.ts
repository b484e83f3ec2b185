import { endpoints, type Locale } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

export function confirmSession(sessionId: string) {
  return call(endpoints.confirmSession, { body: { sessionId } });
}

export function createExamOrder(sessionId: string) {
  return call(endpoints.createExamOrder, { body: { sessionId } });
}

export function updateOrderEmail(
  orderNumber: string,
  email: string,
  versions: { terms: string; privacy: string },
  hl: Locale,
) {
  return call(endpoints.updateOrderEmail, {
    body: {
      orderNumber,
      email,
      hl,
      consent: { terms: true, termsVersion: versions.terms, privacyVersion: versions.privacy },
    },
  });
}

/** The order's state (read only; the report itself is `orderInfo`, once paid). */
export function getOrderState(orderNumber: string) {
  return call(endpoints.orderSkuCheck, { params: { orderNumber } });
}
