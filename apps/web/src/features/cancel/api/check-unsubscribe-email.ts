import { type Locale, unsubscribeCheckEmail } from '@mindgauge/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** E-mails the address a one-click cancel link per running subscription; the same answer either way. */
export function checkUnsubscribeEmail(email: string, hl: Locale) {
  return call(unsubscribeCheckEmail, { body: { email, hl } });
}

export function useCheckUnsubscribeEmail() {
  return useMutation({
    mutationFn: ({ email, hl }: { email: string; hl: Locale }) => checkUnsubscribeEmail(email, hl),
  });
}
