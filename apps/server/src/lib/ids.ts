import { createHmac, randomBytes } from 'node:crypto';

/** 128 random bits as 32 hex characters: log ids. */
export function randomHex128(): string {
  return randomBytes(16).toString('hex');
}

/** A public, unguessable identifier (>= 128 bits), URL-safe: order numbers, ticket references, tokens. */
export function publicId(prefix = '', bytes = 16): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/**
 * A public identifier derived from its parts with a server secret (128 bits, unguessable without it): the
 * same parts always give the same id, so retries name the same thing (payments, renewal charges).
 */
export function keyedId(secret: string, ...parts: (string | number)[]): string {
  return createHmac('sha256', secret).update(parts.join('\n')).digest().subarray(0, 16).toString('base64url');
}
