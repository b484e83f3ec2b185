import type { RateRule } from '../rate-limit/consume-rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Sign-in sessions: 30 days after the last visit (sliding), never more than 180 days after sign-in. */
export const SESSION_IDLE_MS = 30 * DAY;
export const SESSION_ABSOLUTE_MS = 180 * DAY;
/** A session's expiry moves forward at most once an hour (not a write per request). */
export const SESSION_TOUCH_MS = HOUR;

/** E-mailed codes: 10 minutes, single use, locked after 5 wrong tries. */
export const CODE_TTL_MS = 10 * MINUTE;
export const CODE_MAX_TRIES = 5;
/** The one-time sign-in link of a report e-mail. */
export const SIGNIN_LINK_DAYS = 14;

/**
 * Everything that checks a secret or sends an e-mail is limited per account (the e-mail address) and per
 * client, in the database (the limits hold across instances and restarts).
 */
export const ACCOUNT_RULES = {
  loginAccount: { name: 'login:email', max: 10, windowMs: 15 * MINUTE },
  loginClient: { name: 'login:ip', max: 30, windowMs: 15 * MINUTE },
  registerAccount: { name: 'register:email', max: 5, windowMs: HOUR },
  registerClient: { name: 'register:ip', max: 10, windowMs: HOUR },
  codeSendAccount: { name: 'code-send:email', max: 5, windowMs: HOUR },
  codeSendClient: { name: 'code-send:ip', max: 20, windowMs: HOUR },
  codeCheckAccount: { name: 'code-check:email', max: 15, windowMs: HOUR },
  codeCheckClient: { name: 'code-check:ip', max: 40, windowMs: HOUR },
  linkClient: { name: 'signin-link:ip', max: 20, windowMs: HOUR },
  passwordAccount: { name: 'password:account', max: 10, windowMs: HOUR },
} satisfies Record<string, RateRule>;
