import type { TPaymentMethod } from '@mindgauge/contract';

export type FailureReason = 'declined' | 'insufficientFunds' | 'authentication' | 'canceled' | 'generic';

/** The processor's failure code as the sentence the failed screen shows (`failed.reasons.*`). */
export function failureReason(code: string | null | undefined): FailureReason {
  switch ((code ?? '').toLowerCase()) {
    case 'card_declined':
      return 'declined';
    case 'insufficient_funds':
      return 'insufficientFunds';
    case 'authentication_failed':
    case 'authentication_required':
    case 'payment_intent_authentication_failure':
      return 'authentication';
    case 'canceled':
    case 'cancelled':
      return 'canceled';
    default:
      return 'generic';
  }
}

/** "Pay with another method": card ↔ PayPal. */
export function otherMethod(method: TPaymentMethod): TPaymentMethod {
  return method === 'card' ? 'paypal' : 'card';
}
