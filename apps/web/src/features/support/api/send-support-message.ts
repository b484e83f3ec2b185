import { supportContact, type TSupportRequest } from '@mindgauge/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export function sendSupportMessage(body: TSupportRequest) {
  return call(supportContact, { body });
}

export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
