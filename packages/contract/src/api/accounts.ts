import { defineEndpoint } from '../endpoint';
import { ZEmail, ZIsoDate, ZIsoDateTime, ZLanguageTag } from '../fields';
import { describe, z } from '../zod';
import { ZOrderNumber, ZPublicId } from './exam';

const tags = ['accounts'];

/**
 * The password rules (OWASP ASVS 5.0, level 2): at least 8 characters, long passphrases welcome, no rules
 * about which kinds of characters; the server also refuses the most common passwords (PASSWORD_TOO_COMMON).
 */
export const PASSWORD_RULES = { min: 8, max: 128 } as const;

export const ZPassword = describe(
  z.string().check(
    // Counted in characters (code points), as a person counts them.
    z.refine((v) => [...v].length >= PASSWORD_RULES.min, {
      message: 'Password too short',
      params: { errorCode: 'PASSWORD_TOO_SHORT' },
    }),
    z.refine((v) => [...v].length <= PASSWORD_RULES.max, {
      message: 'Password too long',
      params: { errorCode: 'PASSWORD_TOO_LONG' },
    }),
  ),
  'A password: 8 to 128 characters, any characters; the most common passwords are refused',
);

/** A 6-digit code sent by e-mail. */
export const ZEmailCode = describe(
  z.string().check(
    z.trim(),
    z.refine((v) => /^\d{6}$/.test(v), { message: 'Invalid code', params: { errorCode: 'CODE_INVALID' } }),
  ),
  'The 6-digit code from the e-mail',
);

/** Why a code is sent: to confirm a new account's address, or to set a new password. */
export const ZCodePurpose = z.enum(['register', 'reset']);
export type TCodePurpose = z.infer<typeof ZCodePurpose>;

export const GENDERS = ['male', 'female', 'confidential'] as const;
export const ZGender = z.enum(GENDERS);

/** YYYY-MM-DD of a real calendar day, not in the future, not before 1900 ("Invalid date (e.g., 2020-01-01)"). */
export function isValidBirthday(value: string, today = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(d.getTime()) &&
    d.toISOString().slice(0, 10) === value &&
    d.getUTCFullYear() >= 1900 &&
    d.getTime() <= today.getTime()
  );
}

export const ZBirthday = describe(
  z
    .string()
    .check(z.refine((v) => isValidBirthday(v), { message: 'Invalid date', params: { errorCode: 'BIRTHDAY_INVALID' } })),
  'Birthday, YYYY-MM-DD',
);

export const ZUser = z.object({
  /** The account's public id (128 random bits): the `{id}` of `/user/order/list/{id}`. */
  id: ZPublicId,
  email: z.string(),
  name: z.string(),
  nickname: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  birthday: z.nullable(ZIsoDate),
  gender: z.nullable(ZGender),
  /** False for an account made at a purchase whose owner has not set a password yet. */
  hasPassword: z.boolean(),
  vip: z.boolean(),
  createdAt: ZIsoDateTime,
});
export type TUser = z.infer<typeof ZUser>;

const ZSent = z.object({ sent: z.literal(true) });

export const register = defineEndpoint({
  id: 'register',
  method: 'POST',
  base: 'api',
  path: '/user/register',
  summary:
    'Starts a registration: the same answer whether or not the address has an account; the e-mail says the rest (a code to confirm, or that an account exists)',
  tags,
  body: z.object({
    name: z.string().check(z.trim(), z.minLength(1, 'Please enter your name'), z.maxLength(80)),
    email: ZEmail,
    password: ZPassword,
    agreement: describe(z.literal(true), 'The privacy policy was accepted'),
    hl: ZLanguageTag,
  }),
  response: ZSent,
});

export const login = defineEndpoint({
  id: 'login',
  method: 'POST',
  base: 'api',
  path: '/user/login',
  summary: 'Signs in with e-mail and password; sets the IQ-token cookie (HttpOnly, SameSite=Lax)',
  tags,
  body: z.object({
    account: ZEmail,
    password: z.string().check(z.minLength(1), z.maxLength(1024)),
  }),
  response: ZUser,
});

export const loginWithLink = defineEndpoint({
  id: 'loginWithLink',
  method: 'POST',
  base: 'api',
  path: '/user/login/link',
  summary: 'Signs in with the one-time link of a report e-mail (proves the address); the buyer then sets a password',
  tags,
  body: z.object({ token: z.string().check(z.minLength(10), z.maxLength(300)) }),
  response: ZUser,
});

export const logout = defineEndpoint({
  id: 'logout',
  method: 'POST',
  base: 'api',
  path: '/user/logout',
  summary: "Ends this browser's session (the session is revoked on the server)",
  tags,
  response: z.object({ signedOut: z.literal(true) }),
});

export const updatePassword = defineEndpoint({
  id: 'updatePassword',
  method: 'POST',
  base: 'api',
  path: '/user/password/update',
  summary: 'Changes the password (the old one is needed when there is one); every other session ends',
  tags,
  body: z.object({ oldPassword: z.optional(z.string().check(z.maxLength(1024))), newPassword: ZPassword }),
  response: z.object({ updated: z.literal(true), otherSessionsEnded: z.int() }),
});

export const resetPassword = defineEndpoint({
  id: 'resetPassword',
  method: 'POST',
  base: 'api',
  path: '/user/password/reset',
  summary: 'Sets a new password with the e-mailed code; every session of the account ends',
  tags,
  body: z.object({ email: ZEmail, code: ZEmailCode, password: ZPassword }),
  response: z.object({ reset: z.literal(true) }),
});

export const sendEmailCode = defineEndpoint({
  id: 'sendEmailCode',
  method: 'GET',
  base: 'api',
  path: '/email/captcha/send',
  summary:
    'Sends a 6-digit code (10 minutes, single use, 5 tries); the same answer whether or not the address has an account',
  tags,
  query: z.object({ email: ZEmail, purpose: ZCodePurpose, hl: ZLanguageTag }),
  response: ZSent,
});

export const verifyEmailCode = defineEndpoint({
  id: 'verifyEmailCode',
  method: 'POST',
  base: 'api',
  path: '/user/verify',
  summary:
    'Checks an e-mailed code. register: confirms the address, creates the account and signs in; reset: says the code is right (it is used by the reset)',
  tags,
  body: z.object({ email: ZEmail, code: ZEmailCode, purpose: ZCodePurpose }),
  response: z.object({ verified: z.literal(true), user: z.nullable(ZUser) }),
});

export const currentUser = defineEndpoint({
  id: 'currentUser',
  method: 'GET',
  base: 'api',
  path: '/user/get',
  summary: 'The signed-in user, or null for a visitor',
  tags,
  response: z.object({ user: z.nullable(ZUser) }),
});

export const ZProfileUpdate = z.object({
  nickname: z.nullable(z.string().check(z.trim(), z.maxLength(40))),
  phone: z.nullable(z.string().check(z.trim(), z.regex(/^\+?[0-9 ()-]{4,24}$/, { message: 'Invalid phone number' }))),
  birthday: z.nullable(ZBirthday),
  gender: z.nullable(ZGender),
});
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

export const updateUser = defineEndpoint({
  id: 'updateUser',
  method: 'POST',
  base: 'api',
  path: '/user/update',
  summary: 'Saves the personal info: nickname, phone, birthday (YYYY-MM-DD), gender',
  tags,
  body: ZProfileUpdate,
  response: ZUser,
});

export const ZAccountOrderStatus = z.enum(['completed', 'uncompleted', 'pendingPayment']);
export type TAccountOrderStatus = z.infer<typeof ZAccountOrderStatus>;

export const ZAccountOrder = z.object({
  status: ZAccountOrderStatus,
  examId: z.int(),
  /** Null for an unfinished test (it has no order yet). */
  orderNumber: z.nullable(ZOrderNumber),
  startedAt: ZIsoDateTime,
  /** When the report was paid (completed). */
  completedAt: z.nullable(ZIsoDateTime),
  skuId: z.nullable(z.string()),
  iq: z.nullable(z.number()),
  /** An unfinished test that this browser can still go back to (before its deadline). */
  resumable: z.boolean(),
});
export type TAccountOrder = z.infer<typeof ZAccountOrder>;

export const userOrderList = defineEndpoint({
  id: 'userOrderList',
  method: 'GET',
  base: 'api',
  path: '/user/order/list/:id',
  summary: "The signed-in user's tests and reports by status; another user's id finds nothing (404)",
  tags,
  params: z.object({ id: ZPublicId }),
  response: z.object({ orders: z.array(ZAccountOrder) }),
});

export const ZPrivilege = z.object({ id: z.string(), name: z.string() });

export const vipDetail = defineEndpoint({
  id: 'vipDetail',
  method: 'GET',
  base: 'api',
  path: '/privilege/vip/detail',
  summary: "The VIP centre: the signed-in user's membership, its end date and its privileges",
  tags,
  query: z.object({ hl: z.optional(ZLanguageTag) }),
  response: z.object({
    vip: z.boolean(),
    since: z.nullable(ZIsoDateTime),
    until: z.nullable(ZIsoDateTime),
    percentOff: z.int(),
    privileges: z.array(ZPrivilege),
  }),
});

export const userPrivilege = defineEndpoint({
  id: 'userPrivilege',
  method: 'GET',
  base: 'api',
  path: '/user/privilege',
  summary: "The signed-in user's privileges now (ids) and member discount on extras",
  tags,
  response: z.object({ privileges: z.array(z.string()), percentOff: z.int() }),
});

export const isVip = defineEndpoint({
  id: 'isVip',
  method: 'GET',
  base: 'api',
  path: '/user/isVIP',
  summary: 'Whether the signed-in user is a VIP member now',
  tags,
  response: z.object({ vip: z.boolean(), until: z.nullable(ZIsoDateTime) }),
});

export const deleteAccount = defineEndpoint({
  id: 'deleteAccount',
  method: 'POST',
  base: 'api',
  path: '/user/delete',
  summary:
    'Erases the account, its profile and sessions (the password is needed when there is one); paid orders are kept as payment records',
  tags,
  body: z.object({ password: z.optional(z.string().check(z.maxLength(1024))) }),
  response: z.object({ deleted: z.literal(true) }),
});

export const exportAccount = defineEndpoint({
  id: 'exportAccount',
  method: 'GET',
  base: 'api',
  path: '/user/export',
  summary: 'Everything stored about the signed-in user, as a JSON file (GDPR access and portability)',
  tags,
  response: z.object({}),
});
