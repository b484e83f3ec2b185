import { describe, expect, it } from 'vitest';
import { failureReason, otherMethod } from './failure-reason';

describe('failure reason', () => {
  it.each([
    ['card_declined', 'declined'],
    ['insufficient_funds', 'insufficientFunds'],
    ['authentication_failed', 'authentication'],
    ['payment_intent_authentication_failure', 'authentication'],
    ['canceled', 'canceled'],
    ['cancelled', 'canceled'],
    ['CARD_DECLINED', 'declined'],
    ['processing_error', 'generic'],
    ['', 'generic'],
    [null, 'generic'],
  ])('%s → %s', (code, key) => {
    expect(failureReason(code)).toBe(key);
  });

  it('switches between card and PayPal', () => {
    expect(otherMethod('card')).toBe('paypal');
    expect(otherMethod('paypal')).toBe('card');
  });
});
