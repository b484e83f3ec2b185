import { timingSafeEqual } from 'node:crypto';
import type { TCodePurpose } from '@mindgauge/contract';
import { AppError } from '../../lib/app-error';
import type { AccountDeps } from './account-deps';
import { ACCOUNT_RULES, CODE_MAX_TRIES, CODE_TTL_MS } from './account-rules';
import type { CodeRow } from './accounts-repository';
import { hashCode, newCode } from './secrets';

/** Makes a new code for an address (the older ones stop working) and returns it, for the e-mail. */
export async function issueCode(
  d: AccountDeps,
  email: string,
  purpose: TCodePurpose,
  payload: string | null,
): Promise<string> {
  const code = newCode();
  const now = d.clock.now();
  await d.repo.replaceCode({
    email,
    purpose,
    code_hash: hashCode(d.codeSecret, email, purpose, code),
    attempts: 0,
    expires_at: now + CODE_TTL_MS,
    used_at: null,
    payload,
    created_at: now,
  });
  return code;
}

/**
 * Checks a code: limited per address and per client; a wrong guess counts against the code, which dies at
 * the fifth; an expired, used or locked code is the same CODE_INVALID as a wrong one. With `use`, the code is
 * spent (exactly once, even under concurrent calls).
 */
export async function checkCode(
  d: AccountDeps,
  input: { email: string; purpose: TCodePurpose; code: string; ip: string },
  use: boolean,
): Promise<CodeRow> {
  const now = d.clock.now();
  await d.limits.consume(ACCOUNT_RULES.codeCheckClient, input.ip, now);
  await d.limits.consume(ACCOUNT_RULES.codeCheckAccount, input.email, now);
  const row = await d.repo.latestLiveCode(input.email, input.purpose, now);
  if (!row || row.attempts >= CODE_MAX_TRIES) throw new AppError('CODE_INVALID');
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(hashCode(d.codeSecret, input.email, input.purpose, input.code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await d.repo.countWrongTry(row.id);
    throw new AppError('CODE_INVALID');
  }
  if (use && !(await d.repo.useCode(row.id, now))) throw new AppError('CODE_INVALID');
  return row;
}
