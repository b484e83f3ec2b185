import { randomBytes } from 'node:crypto';
import { pageUrl } from '../../lib/page-url';
import { signToken, verifyToken } from '../../lib/signed-token';

const PURPOSE = 'account-signin';

/**
 * The one-time sign-in link of a report e-mail: the address, a random nonce and an expiry, signed with a
 * server secret (nothing is stored until it is used; then its hash is, so it works once). Made by the paid
 * transition without touching the accounts tables.
 */
export function signinLinks(d: { publicUrl: string; secret: string; days: number; now: () => number }) {
  return {
    token(email: string): string {
      const expires = d.now() + d.days * 86_400_000;
      const nonce = randomBytes(12).toString('base64url');
      const who = Buffer.from(email).toString('base64url');
      return `${who}.${nonce}.${signToken(d.secret, PURPOSE, `${email}\n${nonce}`, expires)}`;
    },
    url(email: string, examId: number, locale: string): string {
      return pageUrl(d.publicUrl, 'userLogin', examId, { link: this.token(email), hl: locale });
    },
    /** The address a valid, unexpired token names, with its expiry; undefined otherwise. */
    verify(token: string): { email: string; expiresAt: number } | undefined {
      const [who, nonce, exp, sig, ...rest] = token.split('.');
      if (!who || !nonce || !exp || !sig || rest.length > 0) return undefined;
      const email = Buffer.from(who, 'base64url').toString('utf8');
      if (!verifyToken(d.secret, PURPOSE, `${email}\n${nonce}`, `${exp}.${sig}`, d.now())) return undefined;
      return { email, expiresAt: Number.parseInt(exp, 36) * 1000 };
    },
  };
}
export type SigninLinks = ReturnType<typeof signinLinks>;
