import { LIMITS, type TSupportTopic } from '@mindgauge/contract';
import * as z from 'zod/mini';

export interface SupportForm {
  name: string;
  email: string;
  topic: TSupportTopic;
  orderNumber: string;
  message: string;
}

export type SupportErrors = Partial<Record<keyof SupportForm, string>>;

const email = z.email();

/** Field errors as translation keys (the spec's messages), checked before anything is sent. */
export function validateSupportForm(f: SupportForm): SupportErrors {
  const errors: SupportErrors = {};
  if (!f.name.trim()) errors.name = 'validation.formNameRequired';
  if (!f.email.trim()) errors.email = 'validation.emailRequired';
  else if (!email.safeParse(f.email.trim()).success || f.email.length > LIMITS.emailMax)
    errors.email = 'validation.emailInvalid';
  if (f.message.trim().length < LIMITS.supportMessageMin) errors.message = 'support.messageTooShort';
  if (f.orderNumber && !/^[A-Za-z0-9_-]{1,64}$/.test(f.orderNumber.trim())) errors.orderNumber = 'validation.required';
  return errors;
}
