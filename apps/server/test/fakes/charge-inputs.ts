import type { CreateChargeInput } from '../../src/modules/payments/providers/payment-provider';

/**
 * Fresh charge inputs for a provider's tests: each call names a new payment and order (a processor keys its
 * idempotency on them), with the given defaults and then the call's own overrides.
 */
export function chargeInputs(defaults: Partial<CreateChargeInput> & Pick<CreateChargeInput, 'method'>) {
  let counter = 0;
  return (overrides: Partial<CreateChargeInput> = {}): CreateChargeInput => {
    counter += 1;
    return {
      paymentId: `pay_${defaults.method}_${Date.now()}_${counter}`,
      orderNumber: `MG-${counter}`,
      amountMinor: 1999,
      currency: 'USD',
      email: 'ada@example.com',
      description: 'Mindgauge IQ report',
      locale: 'en',
      returnUrl: 'http://localhost/return',
      cancelUrl: 'http://localhost/cancel',
      ...defaults,
      ...overrides,
    };
  };
}
