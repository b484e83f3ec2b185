import { randomBytes } from 'node:crypto';

/** 128 random bits as 32 hex characters: log ids. */
export function randomHex128(): string {
  return randomBytes(16).toString('hex');
}

/** A public, unguessable identifier (>= 128 bits), URL-safe: order numbers, ticket references, tokens. */
export function publicId(prefix = '', bytes = 16): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}
