import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './signed-token';

describe('signed link tokens', () => {
  const now = Date.UTC(2026, 10, 21);
  const token = signToken('secret', 'report', 'MGabc', now + 60_000);

  it('opens its subject until it expires', () => {
    expect(verifyToken('secret', 'report', 'MGabc', token, now)).toBe(true);
    expect(verifyToken('secret', 'report', 'MGabc', token, now + 61_000)).toBe(false);
  });

  it('cannot be moved to another subject, purpose or secret, nor altered', () => {
    expect(verifyToken('secret', 'report', 'MGabd', token, now)).toBe(false);
    expect(verifyToken('secret', 'cancel', 'MGabc', token, now)).toBe(false);
    expect(verifyToken('other', 'report', 'MGabc', token, now)).toBe(false);
    expect(verifyToken('secret', 'report', 'MGabc', `${token}x`, now)).toBe(false);
    expect(verifyToken('secret', 'report', 'MGabc', 'zzzzzzzz.abc', now)).toBe(false);
    expect(verifyToken('secret', 'report', 'MGabc', '', now)).toBe(false);
    // The valid token followed by anything is another token (issue 13): checked exactly.
    expect(verifyToken('secret', 'report', 'MGabc', `${token}.anything`, now)).toBe(false);
    expect(verifyToken('secret', 'report', 'MGabc', `${token}.`, now)).toBe(false);
  });
});
