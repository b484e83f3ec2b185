import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane. */
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

/**
 * A hash made once at these parameters: checked against when an e-mail has no account or no password,
 * so a login takes as long whether or not the address is known (no enumeration by timing).
 */
let decoy: Promise<string> | undefined;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    decoy ??= hashPassword('decoy password, never matches');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
