import { promoCheck } from '@mindgauge/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Checks a promo code for an order (rate limited): PROMO_INVALID, PROMO_EXPIRED, RATE_LIMITED otherwise. */
export function checkPromo(orderNumber: string, code: string) {
  return call(promoCheck, { body: { orderNumber, code } });
}

export function useCheckPromo() {
  return useMutation({
    mutationFn: ({ orderNumber, code }: { orderNumber: string; code: string }) => checkPromo(orderNumber, code),
  });
}
