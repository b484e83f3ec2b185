import {
  DEFAULT_EXAM_ID,
  type Locale,
  type RouteKey,
  type TCodePurpose,
  type TProfileUpdate,
} from '@mindgauge/contract';
import { AppError } from '../../lib/app-error';
import { publicId } from '../../lib/ids';
import { pageUrl } from '../../lib/page-url';
import { enqueueMail } from '../mail/enqueue-mail';
import type { TemplateName, TemplatePayload } from '../mail/templates';
import type { AccountDeps } from './account-deps';
import { ACCOUNT_RULES, CODE_TTL_MS } from './account-rules';
import type { AccountRow } from './accounts-repository';
import { checkCode, issueCode } from './email-codes';
import { hashPassword, verifyPassword } from './password-hash';
import { assertAcceptablePassword } from './password-policy';
import { hashToken } from './secrets';

/** A registration waiting for its code: applied to the account once the code proves the address. */
interface PendingRegistration {
  name: string;
  passwordHash: string;
  locale: Locale;
}

const DAY = 86_400_000;

/**
 * Registration, sign-in, codes and passwords. Answers never tell whether an address has an account:
 * register and "forgot password" always say "sent", and the e-mail tells the owner the rest.
 */
export function accountsService(d: AccountDeps) {
  const page = (route: RouteKey, hl: Locale) => pageUrl(d.publicUrl, route, DEFAULT_EXAM_ID, { hl });

  async function mail<T extends TemplateName>(template: T, to: string, locale: Locale, payload: TemplatePayload<T>) {
    await enqueueMail(d.db, { template, locale, to, payload }, d.clock.now(), d.mailDomain);
    d.kickMail();
  }

  async function sendCodeMail(email: string, purpose: TCodePurpose, locale: Locale, payload: string | null) {
    const code = await issueCode(d, email, purpose, payload);
    await mail('accountCode', email, locale, { code, purpose, minutes: CODE_TTL_MS / 60_000 });
  }

  const blankAccount = (email: string, locale: Locale, now: number): AccountRow => ({
    id: publicId(),
    email,
    name: '',
    password_hash: null,
    email_verified_at: null,
    nickname: null,
    phone: null,
    birthday: null,
    gender: null,
    locale,
    created_at: now,
    updated_at: now,
  });

  return {
    async register(input: { name: string; email: string; password: string; hl: Locale; ip: string }) {
      const now = d.clock.now();
      const email = input.email.toLowerCase();
      await d.limits.consume(ACCOUNT_RULES.registerClient, input.ip, now);
      await d.limits.consume(ACCOUNT_RULES.registerAccount, email, now);
      assertAcceptablePassword(input.password);
      // Hashed in every case, so the answer takes as long whether or not the address has an account.
      const passwordHash = await hashPassword(input.password);
      const existing = await d.repo.findByEmail(email);
      if (existing?.password_hash) {
        await mail('accountExists', email, input.hl, {
          loginUrl: page('userLogin', input.hl),
          forgotUrl: page('userForgotPassword', input.hl),
        });
      } else {
        const pending: PendingRegistration = { name: input.name, passwordHash, locale: input.hl };
        await sendCodeMail(email, 'register', input.hl, JSON.stringify(pending));
      }
      return { sent: true as const };
    },

    /** "Send the code again" (registration) or "send me a code" (forgotten password): always "sent". */
    async sendCode(input: { email: string; purpose: TCodePurpose; hl: Locale; ip: string }) {
      const now = d.clock.now();
      const email = input.email.toLowerCase();
      await d.limits.consume(ACCOUNT_RULES.codeSendClient, input.ip, now);
      await d.limits.consume(ACCOUNT_RULES.codeSendAccount, email, now);
      const account = await d.repo.findByEmail(email);
      if (input.purpose === 'reset') {
        if (account) await sendCodeMail(email, 'reset', input.hl, null);
        else
          await mail('accountUnknown', email, input.hl, {
            registerUrl: page('userRegister', input.hl),
            retrieveUrl: page('reportRetrieve', input.hl),
          });
      } else if (account?.password_hash) {
        await mail('accountExists', email, input.hl, {
          loginUrl: page('userLogin', input.hl),
          forgotUrl: page('userForgotPassword', input.hl),
        });
      } else {
        // A new code for the registration made in the last day (its details travel with the code).
        const last = await d.repo.latestRegistration(email, now - DAY);
        if (last?.payload) await sendCodeMail(email, 'register', input.hl, last.payload);
      }
      return { sent: true as const };
    },

    /**
     * A registration's code: proves the address, then the account exists (made now, or the one a purchase
     * made) with the name and password given at registration. Returns the account to sign in.
     */
    async completeRegistration(input: { email: string; code: string; ip: string }): Promise<AccountRow> {
      const email = input.email.toLowerCase();
      const row = await checkCode(d, { email, purpose: 'register', code: input.code, ip: input.ip }, true);
      const pending = JSON.parse(row.payload ?? 'null') as PendingRegistration | null;
      if (!pending) throw new AppError('CODE_INVALID');
      const now = d.clock.now();
      return d.db.transaction().execute(async (trx) => {
        const account = await d.repo.insertIfAbsent(blankAccount(email, pending.locale, now), trx);
        await d.repo.update(
          account.id,
          { name: pending.name, password_hash: pending.passwordHash, email_verified_at: now, updated_at: now },
          trx,
        );
        return { ...account, name: pending.name, password_hash: pending.passwordHash, email_verified_at: now };
      });
    },

    async checkResetCode(input: { email: string; code: string; ip: string }) {
      await checkCode(d, { email: input.email.toLowerCase(), purpose: 'reset', code: input.code, ip: input.ip }, false);
    },

    /** A new password with the e-mailed code: the address is proven, and every session ends. */
    async resetPassword(input: { email: string; code: string; password: string; ip: string }) {
      const email = input.email.toLowerCase();
      assertAcceptablePassword(input.password);
      await checkCode(d, { email, purpose: 'reset', code: input.code, ip: input.ip }, true);
      const account = await d.repo.findByEmail(email);
      if (!account) throw new AppError('CODE_INVALID');
      const now = d.clock.now();
      const passwordHash = await hashPassword(input.password);
      await d.repo.update(account.id, {
        password_hash: passwordHash,
        email_verified_at: account.email_verified_at ?? now,
        updated_at: now,
      });
      await d.repo.deleteSessionsOf(account.id);
      return { reset: true as const };
    },

    /** E-mail and password; every failure is the same LOGIN_FAILED, in the same time. */
    async login(input: { email: string; password: string; ip: string }): Promise<AccountRow> {
      const now = d.clock.now();
      const email = input.email.toLowerCase();
      await d.limits.consume(ACCOUNT_RULES.loginClient, input.ip, now);
      await d.limits.consume(ACCOUNT_RULES.loginAccount, email, now);
      const account = await d.repo.findByEmail(email);
      const ok = await verifyPassword(account?.password_hash ?? null, input.password);
      if (!account || !ok || account.email_verified_at === null) throw new AppError('LOGIN_FAILED');
      return account;
    },

    /**
     * The one-time link of a report e-mail: proves the address (the account is made if the purchase did not
     * make it yet) and signs in; the buyer then sets a password. Used once.
     */
    async loginWithLink(input: { token: string; ip: string }): Promise<AccountRow> {
      const now = d.clock.now();
      await d.limits.consume(ACCOUNT_RULES.linkClient, input.ip, now);
      const link = d.links.verify(input.token);
      if (!link) throw new AppError('SIGNIN_LINK_INVALID');
      return d.db.transaction().execute(async (trx) => {
        if (!(await d.repo.useSigninLink(hashToken(input.token), now, link.expiresAt, trx))) {
          throw new AppError('SIGNIN_LINK_INVALID');
        }
        const account = await d.repo.insertIfAbsent(blankAccount(link.email, 'en', now), trx);
        if (account.email_verified_at === null) {
          // A password set on an address nobody had proven is not the owner's: it goes.
          await d.repo.update(account.id, { email_verified_at: now, password_hash: null, updated_at: now }, trx);
          return { ...account, email_verified_at: now, password_hash: null };
        }
        return account;
      });
    },

    /** Changes the password (the old one is asked when there is one). The caller ends the other sessions. */
    async updatePassword(account: AccountRow, input: { oldPassword?: string | undefined; newPassword: string }) {
      const now = d.clock.now();
      await d.limits.consume(ACCOUNT_RULES.passwordAccount, account.id, now);
      if (account.password_hash !== null && !(await verifyPassword(account.password_hash, input.oldPassword ?? ''))) {
        throw new AppError('PASSWORD_WRONG');
      }
      assertAcceptablePassword(input.newPassword);
      await d.repo.update(account.id, { password_hash: await hashPassword(input.newPassword), updated_at: now });
    },

    async updateProfile(account: AccountRow, p: TProfileUpdate): Promise<AccountRow> {
      const now = d.clock.now();
      const patch = {
        nickname: p.nickname || null,
        phone: p.phone || null,
        birthday: p.birthday,
        gender: p.gender,
        updated_at: now,
      };
      await d.repo.update(account.id, patch);
      return { ...account, ...patch };
    },

    async deleteAccount(account: AccountRow, password: string | undefined) {
      await d.limits.consume(ACCOUNT_RULES.passwordAccount, account.id, d.clock.now());
      if (account.password_hash !== null && !(await verifyPassword(account.password_hash, password ?? ''))) {
        throw new AppError('PASSWORD_WRONG');
      }
      await d.repo.deleteAccount(account.id);
    },

    /**
     * A report was paid: the buyer's address gets its account (or already has one). Its orders show in the
     * personal centre once the address is proven (the sign-in link of the report e-mail, or a code).
     */
    async ensureBuyerAccount(email: string, locale: Locale): Promise<void> {
      await d.repo.insertIfAbsent(blankAccount(email.toLowerCase(), locale, d.clock.now()));
    },
  };
}
export type AccountsService = ReturnType<typeof accountsService>;
