import { LIMITS } from '@mindgauge/contract';
import { describe, expect, it } from 'vitest';
import { validateSupportForm } from './validate-support-form';

const ok = {
  name: 'Ana',
  email: 'ana@example.com',
  topic: 'report' as const,
  orderNumber: '',
  message: 'My report is missing.',
};

describe('validateSupportForm', () => {
  it('accepts a complete form', () => {
    expect(validateSupportForm(ok)).toEqual({});
  });
  it('uses the spec messages for e-mail and name', () => {
    expect(validateSupportForm({ ...ok, email: '' }).email).toBe('validation.emailRequired');
    expect(validateSupportForm({ ...ok, email: 'ana@' }).email).toBe('validation.emailInvalid');
    expect(validateSupportForm({ ...ok, name: '  ' }).name).toBe('validation.formNameRequired');
  });
  it('asks for a longer message and a clean order number', () => {
    expect(validateSupportForm({ ...ok, message: 'hi' }).message).toBe('support.messageTooShort');
    expect(validateSupportForm({ ...ok, orderNumber: 'x y' }).orderNumber).toBeDefined();
  });
  it('follows the contract: what the server refuses as too long is refused here too', () => {
    expect(validateSupportForm({ ...ok, name: 'a'.repeat(LIMITS.nameMax + 1) }).name).toBe('support.tooLong');
    expect(validateSupportForm({ ...ok, name: ` ${'a'.repeat(LIMITS.nameMax)} ` })).toEqual({});
    expect(validateSupportForm({ ...ok, message: 'm'.repeat(LIMITS.supportMessageMax + 1) }).message).toBe(
      'support.tooLong',
    );
    expect(validateSupportForm({ ...ok, orderNumber: 'A'.repeat(65) }).orderNumber).toBeDefined();
    expect(validateSupportForm({ ...ok, orderNumber: '  IQB-123_x  ' })).toEqual({});
  });
});
