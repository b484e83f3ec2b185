import type { TPaymentMethod, TPaymentMethodInfo } from '@mindgauge/contract';
import type { PaymentProvider, ProviderName } from './payment-provider';

/** Which processor takes each payment method (cards: sandbox or Stripe; PayPal: sandbox or PayPal). */
export interface ProviderRegistry {
  forMethod(method: TPaymentMethod): PaymentProvider | undefined;
  byName(name: string): PaymentProvider | undefined;
  methods(): TPaymentMethodInfo[];
  /** The methods that can pay a plan: their processor keeps the method and we charge the renewals. */
  recurringMethods(): TPaymentMethod[];
}

export function providerRegistry(
  card: PaymentProvider | undefined,
  paypal: PaymentProvider | undefined,
  stripePublishableKey: string | null,
): ProviderRegistry {
  const all = new Map<ProviderName, PaymentProvider>();
  for (const p of [card, paypal]) if (p) all.set(p.name, p);
  return {
    forMethod: (method) => (method === 'card' ? card : paypal),
    byName: (name) => all.get(name as ProviderName),
    methods: () => [
      ...(card
        ? [
            {
              method: 'card' as const,
              provider: card.name,
              publishableKey: card.name === 'stripe' ? stripePublishableKey : null,
            },
          ]
        : []),
      ...(paypal ? [{ method: 'paypal' as const, provider: paypal.name, publishableKey: null }] : []),
    ],
    recurringMethods: () => [
      ...(card?.chargeSaved || card?.billsRecurring ? (['card'] as const) : []),
      ...(paypal?.chargeSaved || paypal?.billsRecurring ? (['paypal'] as const) : []),
    ],
  };
}
