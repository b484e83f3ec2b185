import { Secret, TOTP } from 'otpauth';
import { encode } from 'uqr';

/** RFC 6238 codes as every authenticator app makes them: SHA-1, 6 digits, 30 seconds. */
const PERIOD_S = 30;
const totpOf = (secret: string, label = 'operator', issuer = 'Mindgauge') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });

/** A new 160-bit secret (RFC 4226's recommended length), base32 as apps expect it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What the enrolment screen shows once: the otpauth URI and its QR code as rows of dark modules. */
export function totpEnrolment(secret: string, label: string, issuer: string) {
  const uri = totpOf(secret, label, issuer).toString();
  return { secret, uri, qr: encode(uri, { border: 2 }).data };
}

/**
 * The time step a code is valid for (one step of clock drift either way), or null. The caller refuses a step
 * it has already accepted, so a code seen over a shoulder cannot be used a second time.
 */
export function totpStep(secret: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_S) + delta;
}

/** The code for a moment (tests and the operator command's self-check). */
export function totpCode(secret: string, nowMs: number): string {
  return totpOf(secret).generate({ timestamp: nowMs });
}
