import { type TSupportTopic, ZSupportRequest } from '@mindgauge/contract';

export interface SupportForm {
  name: string;
  email: string;
  topic: TSupportTopic;
  orderNumber: string;
  message: string;
}

export type SupportErrors = Partial<Record<keyof SupportForm, string>>;

const RULES = ZSupportRequest.shape;

/** The contract's verdict on one field: the same schema the server checks the request with. */
function problem(field: 'name' | 'email' | 'message' | 'orderNumber', value: string): 'too_big' | 'other' | null {
  const result = RULES[field].safeParse(value);
  if (result.success) return null;
  return result.error.issues.some((i) => i.code === 'too_big') ? 'too_big' : 'other';
}

/**
 * Field errors as translation keys (the spec's messages), checked before anything is sent. The rules are the
 * contract's `ZSupportRequest`, so the form accepts exactly what the server accepts; only the message chosen
 * for each failure is the form's.
 */
export function validateSupportForm(f: SupportForm): SupportErrors {
  const errors: SupportErrors = {};
  const name = problem('name', f.name);
  if (name) errors.name = name === 'too_big' ? 'support.tooLong' : 'validation.formNameRequired';
  if (!f.email.trim()) errors.email = 'validation.emailRequired';
  else if (problem('email', f.email)) errors.email = 'validation.emailInvalid';
  const message = problem('message', f.message);
  if (message) errors.message = message === 'too_big' ? 'support.tooLong' : 'support.messageTooShort';
  // Optional: an empty field sends no order number.
  if (f.orderNumber.trim() && problem('orderNumber', f.orderNumber)) errors.orderNumber = 'validation.required';
  return errors;
}
