import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** A session or link token: 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What is stored of a token: its sha256, so a read of the database signs nobody in. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A 6-digit e-mail code, uniformly drawn. */
export const newCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/**
 * What is stored of a code: an HMAC with a server secret, bound to its address and purpose. (A plain hash of
 * six digits would be reversed in a millisecond by anyone reading the table.)
 */
export const hashCode = (secret: string, email: string, purpose: string, code: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${email}\n${code}`).digest('base64url');
