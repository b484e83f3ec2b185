import { createHmac, randomBytes } from 'node:crypto';
import {
  encodeCrockford,
  formatReadableCode,
  ORDER_NUMBER_PREFIX,
  READABLE_CODE_CHARS,
  SERIAL_PREFIX,
} from '@mindgauge/contract';

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

/** A readable code's random part: 135 bits (17 random bytes, 27 Crockford characters). */
function readableBody(): string {
  return encodeCrockford(randomBytes(17), READABLE_CODE_CHARS);
}

/** A new order number, easy to read aloud and type: MG-XXXX-…-XXXX (135 random bits and a check character). */
export function newOrderNumber(): string {
  return formatReadableCode(ORDER_NUMBER_PREFIX, readableBody());
}

/** A new certificate serial: MGC-XXXX-…-XXXX (135 random bits and a check character), unguessable. */
export function newSerial(): string {
  return formatReadableCode(SERIAL_PREFIX, readableBody());
}
