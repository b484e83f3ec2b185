import { LIMITS } from '@mindgauge/contract';
import { describe, expect, it } from 'vitest';
import { emailErrorKey } from './email-field';

describe('emailErrorKey', () => {
  it('asks for an address, then a well-formed one, by the contract’s rule', () => {
    expect(emailErrorKey('  ')).toBe('validation.emailRequired');
    expect(emailErrorKey('ana@')).toBe('validation.emailInvalid');
    expect(emailErrorKey(' ana@example.com ')).toBeUndefined();
    // Longer than any endpoint accepts: refused here too, not only by the server.
    expect(emailErrorKey(`${'a'.repeat(LIMITS.emailMax)}@example.com`)).toBe('validation.emailInvalid');
  });
});
