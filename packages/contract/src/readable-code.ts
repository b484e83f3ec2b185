/**
 * Identifiers people read aloud and type (order numbers, certificate serials): Crockford base 32 (digits and
 * letters without I, L, O, U), in groups of four, ending in a check character. On input, case is ignored,
 * I and L read as 1, O as 0, and hyphens and spaces are optional, so "mg-4kq1…" and "MG4KQI…" name the same
 * thing, and a mistyped or swapped character is caught before any lookup.
 */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE = CROCKFORD_ALPHABET.length;
const GROUP = 4;

/** How many random characters a code carries: 27 × 5 = 135 bits (>= 128: it alone may guard access). */
export const READABLE_CODE_CHARS = 27;

/**
 * The check character (Luhn mod 32): catches every single wrong character and every swap of two neighbours
 * except the one pair Luhn mod N cannot tell apart (0 and Z, the first and last characters).
 */
export function checkCharacter(body: string): string {
  let sum = 0;
  let double = true;
  for (let i = body.length - 1; i >= 0; i--) {
    let v = CROCKFORD_ALPHABET.indexOf(body[i] ?? '');
    if (v < 0) throw new Error('not a Crockford base-32 character');
    if (double) {
      v *= 2;
      v = Math.floor(v / BASE) + (v % BASE);
    }
    sum += v;
    double = !double;
  }
  return CROCKFORD_ALPHABET[(BASE - (sum % BASE)) % BASE] as string;
}

/** Random bytes (enough for `chars` characters) as Crockford base 32. */
export function encodeCrockford(bytes: Uint8Array, chars: number): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = ((value << 8) | b) & 0xffff;
    bits += 8;
    while (bits >= 5 && out.length < chars) {
      out += CROCKFORD_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (out.length < chars) throw new Error('not enough bytes');
  return out;
}

/** `MG` + body → `MG-ABCD-EFGH-…-XYZC`: the prefix, then the body and its check character in groups of four. */
export function formatReadableCode(prefix: string, body: string): string {
  const full = body + checkCharacter(body);
  return [prefix, ...(full.match(new RegExp(`.{1,${GROUP}}`, 'g')) ?? [])].join('-');
}

/**
 * What a person typed, as the code's one written form, or null when it is not one (wrong length, a letter
 * outside the alphabet, or a check character that does not match).
 */
export function parseReadableCode(input: string, prefix: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  if (!compact.startsWith(prefix)) return null;
  const rest = compact.slice(prefix.length).replace(/[IL]/g, '1').replace(/O/g, '0');
  if (rest.length !== READABLE_CODE_CHARS + 1) return null;
  if (![...rest].every((c) => CROCKFORD_ALPHABET.includes(c))) return null;
  const body = rest.slice(0, -1);
  if (checkCharacter(body) !== rest.slice(-1)) return null;
  return formatReadableCode(prefix, body);
}

/** The prefix of order numbers. */
export const ORDER_NUMBER_PREFIX = 'MG';
/** The prefix of certificate serials (C for certificate): a serial is never mistaken for an order number. */
export const SERIAL_PREFIX = 'MGC';

/** Order numbers issued before the readable form (MG + 22 base64url characters): still valid, exactly as given. */
const LEGACY_ORDER_NUMBER = /^MG[A-Za-z0-9_-]{22}$/;
/** Certificate serials issued before the readable form (RFC 4648 base 32, 160 bits): still verifiable. */
const LEGACY_SERIAL = /^MG(-[A-Z2-7]{4}){8}$/;

/** An order number as stored (the readable form, or an older one unchanged), or null. */
export function parseOrderNumber(input: string): string | null {
  if (LEGACY_ORDER_NUMBER.test(input)) return input;
  return parseReadableCode(input, ORDER_NUMBER_PREFIX);
}

/** A certificate serial as stored, or null. */
export function parseSerial(input: string): string | null {
  const upper = input.trim().toUpperCase();
  if (LEGACY_SERIAL.test(upper)) return upper;
  return parseReadableCode(input, SERIAL_PREFIX);
}
