import fs from 'node:fs';
import { PASSWORD_RULES } from '@mindgauge/contract';
import { AppError } from '../../lib/app-error';

let common: Set<string> | undefined;

/**
 * The 10,000 most common passwords of 8 characters or more (from zxcvbn's ranked list, MIT; see
 * data/common-passwords.LICENSE.txt). Shorter ones are refused by length already. Read once, on first use.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(
    fs
      .readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return common;
}

/**
 * OWASP ASVS 5.0 level 2 (V6.2): at least 8 characters, up to 128 (passphrases welcome), any characters,
 * no composition rules, and not one of the most common passwords (compared case-insensitively).
 */
export function assertAcceptablePassword(password: string): void {
  const length = [...password].length;
  if (length < PASSWORD_RULES.min) throw new AppError('PASSWORD_TOO_SHORT');
  if (length > PASSWORD_RULES.max) throw new AppError('PASSWORD_TOO_LONG');
  if (commonPasswords().has(password.toLowerCase())) throw new AppError('PASSWORD_TOO_COMMON');
}
