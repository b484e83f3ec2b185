import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';
import { birthdayError, codeError, confirmError, emailError, newPasswordError, phoneError } from './validate';

describe('account form rules', () => {
  it('says the spec’s messages for e-mail, code and birthday', () => {
    expect(emailError('')).toBe('common:validation.emailRequired');
    expect(emailError('a@b')).toBe('common:validation.emailInvalid');
    expect(emailError('a@b', true)).toBe('common:validation.emailFormat');
    expect(emailError(' a@b.co ')).toBeUndefined();
    expect(codeError('')).toBe('common:validation.codeRequired');
    expect(codeError('12345')).toBe('errors:CODE_INVALID');
    expect(codeError('012345')).toBeUndefined();
    const today = new Date('2026-11-24T12:00:00Z');
    for (const bad of ['2020-02-30', '2020-1-01', '01/01/2020', '2027-01-01', 'x'])
      expect(birthdayError(bad, today), bad).toBe('common:validation.birthdayInvalid');
    expect(birthdayError('2020-01-01', today)).toBeUndefined();
    expect(birthdayError('', today)).toBeUndefined();
    expect(phoneError('call me')).toBe('account:info.phoneInvalid');
    expect(phoneError('+33 1 23 45 67 89')).toBeUndefined();
  });

  it('passwords: 8 to 128 characters, no composition rules; confirmation must match', () => {
    expect(newPasswordError('')).toBe('account:fields.passwordRequired');
    expect(newPasswordError('1234567')).toBe('errors:PASSWORD_TOO_SHORT');
    expect(newPasswordError('abcdefgh')).toBeUndefined();
    // Counted in characters: eight emoji are eight characters.
    expect(newPasswordError('😀😀😀😀😀😀😀😀')).toBeUndefined();
    expect(newPasswordError('x'.repeat(129))).toBe('errors:PASSWORD_TOO_LONG');
    expect(confirmError('a', 'b')).toBe('common:validation.passwordsMismatch');
    expect(confirmError('a', 'a')).toBeUndefined();
  });

  it('goes back only to a page of this site after login', () => {
    expect(safeReturnTo('/report/result/IQB-1799?order=x', '/home')).toBe('/report/result/IQB-1799?order=x');
    for (const bad of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/user/login/IQB-1799',
    ])
      expect(safeReturnTo(bad, '/home'), String(bad)).toBe('/home');
  });
});
