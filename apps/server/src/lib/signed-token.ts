import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens for links sent by e-mail: the subject and an expiry, signed with a server secret, so a link opens
 * what it names until it expires and cannot be forged or moved to another subject. `purpose` keeps a token
 * made for one kind of link from opening another.
 */
/** The purpose of report links (e-mails after payment, retrieval by e-mail). */
export const REPORT_LINK_PURPOSE = 'report';

/**
 * A signing key, or the keys of a rotation: the first signs, every one verifies (older keys stay listed for
 * a grace period, then are dropped: README, "Secrets").
 */
export type SecretKeys = string | readonly string[];

const keysOf = (secret: SecretKeys): readonly string[] => (typeof secret === 'string' ? [secret] : secret);

export function signToken(secret: SecretKeys, purpose: string, subject: string, expiresAt: number): string {
  const exp = Math.floor(expiresAt / 1000).toString(36);
  return `${exp}.${mac(keysOf(secret)[0] ?? '', purpose, subject, exp)}`;
}

export function verifyToken(secret: SecretKeys, purpose: string, subject: string, token: string, now: number): boolean {
  // Exactly `exp.sig`: a valid token with anything appended (`.x`) is another string, and is refused.
  const parts = token.split('.');
  if (parts.length !== 2) return false;
  const [exp, sig] = parts;
  if (!exp || !sig || !/^[0-9a-z]{1,12}$/.test(exp)) return false;
  if (Number.parseInt(exp, 36) * 1000 <= now) return false;
  const given = Buffer.from(sig);
  return keysOf(secret).some((key) => {
    const expected = Buffer.from(mac(key, purpose, subject, exp));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

function mac(secret: string, purpose: string, subject: string, exp: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${subject}\n${exp}`).digest('base64url');
}

/** When a (verified) token expires, in epoch ms. */
export function tokenExpiry(token: string): number {
  return Number.parseInt(token.split('.')[0] ?? '0', 36) * 1000;
}
