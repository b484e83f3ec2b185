import { redeemGift as redeemGiftEndpoint } from '@mindgauge/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Redeems a gift code on the visitor's own finished test. */
export function redeemGift(orderNumber: string, code: string) {
  return call(redeemGiftEndpoint, { body: { orderNumber, code } });
}

export function useRedeemGift() {
  return useMutation({
    mutationFn: ({ orderNumber, code }: { orderNumber: string; code: string }) => redeemGift(orderNumber, code),
  });
}
