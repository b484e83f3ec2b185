import { isValidBirthday, PASSWORD_RULES } from '@mindgauge/contract';

/** Keys of the `common` and `account` namespaces a form field shows as its error. */
export type FieldError =
  | 'common:validation.emailRequired'
  | 'common:validation.emailInvalid'
  | 'common:validation.emailFormat'
  | 'common:validation.nameRequired'
  | 'common:validation.passwordsMismatch'
  | 'common:validation.privacyRequired'
  | 'common:validation.codeRequired'
  | 'common:validation.birthdayInvalid'
  | 'account:fields.passwordRequired'
  | 'account:info.phoneInvalid'
  | 'errors:PASSWORD_TOO_SHORT'
  | 'errors:PASSWORD_TOO_LONG'
  | 'errors:CODE_INVALID';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Required, then well formed; `loginWording` gives the login screen's "Incorrect email format". */
export function emailError(value: string, loginWording = false): FieldError | undefined {
  const v = value.trim();
  if (!v) return 'common:validation.emailRequired';
  if (!EMAIL.test(v)) return loginWording ? 'common:validation.emailFormat' : 'common:validation.emailInvalid';
  return undefined;
}

/** The password rules the server applies (ASVS level 2), checked early; "too common" is the server's word. */
export function newPasswordError(value: string): FieldError | undefined {
  const length = [...value].length;
  if (length === 0) return 'account:fields.passwordRequired';
  if (length < PASSWORD_RULES.min) return 'errors:PASSWORD_TOO_SHORT';
  if (length > PASSWORD_RULES.max) return 'errors:PASSWORD_TOO_LONG';
  return undefined;
}

export function confirmError(password: string, confirm: string): FieldError | undefined {
  return password === confirm ? undefined : 'common:validation.passwordsMismatch';
}

export function codeError(value: string): FieldError | undefined {
  const v = value.trim();
  if (!v) return 'common:validation.codeRequired';
  return /^\d{6}$/.test(v) ? undefined : 'errors:CODE_INVALID';
}

/** Empty is allowed (the field is optional); anything else must be a real YYYY-MM-DD day. */
export function birthdayError(value: string, today = new Date()): FieldError | undefined {
  const v = value.trim();
  return v === '' || isValidBirthday(v, today) ? undefined : 'common:validation.birthdayInvalid';
}

export function phoneError(value: string): FieldError | undefined {
  const v = value.trim();
  return v === '' || /^\+?[0-9 ()-]{4,24}$/.test(v) ? undefined : 'account:info.phoneInvalid';
}
