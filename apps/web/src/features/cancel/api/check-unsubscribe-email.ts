import { type Locale, unsubscribeCheckEmail } from '@mindgauge/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Whether an address has a subscription to cancel ("Email not found Please re-enter" when not). */
export function checkUnsubscribeEmail(email: string, hl: Locale) {
  return call(unsubscribeCheckEmail, { body: { email, hl } });
}

export function useCheckUnsubscribeEmail() {
  return useMutation({
    mutationFn: ({ email, hl }: { email: string; hl: Locale }) => checkUnsubscribeEmail(email, hl),
  });
}
