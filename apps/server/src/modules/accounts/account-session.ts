import { TOKEN_NAME } from '@mindgauge/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountDeps } from './account-deps';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS } from './account-rules';
import type { AccountRow } from './accounts-repository';
import { hashToken, newToken } from './secrets';

export interface SignedIn {
  account: AccountRow;
  tokenHash: string;
}

/**
 * The sign-in session in the `IQ-token` cookie: an opaque 256-bit token, HttpOnly and SameSite=Lax
 * (Secure on https), stored on the server only as its sha256; its expiry slides with use.
 */
export function accountSessions(d: AccountDeps, secure: boolean) {
  const resolved = new WeakMap<FastifyRequest, Promise<SignedIn | undefined>>();

  function setCookie(reply: FastifyReply, token: string, maxAgeMs: number) {
    reply.setCookie(TOKEN_NAME, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: Math.floor(maxAgeMs / 1000),
    });
  }

  async function resolve(req: FastifyRequest, reply: FastifyReply): Promise<SignedIn | undefined> {
    const token = req.cookies[TOKEN_NAME];
    if (!token || token.length > 100) return undefined;
    const tokenHash = hashToken(token);
    const row = await d.repo.findSession(tokenHash);
    if (!row) return undefined;
    const now = d.clock.now();
    const hardEnd = row.session_created_at + SESSION_ABSOLUTE_MS;
    if (row.expires_at <= now || hardEnd <= now) {
      await d.repo.deleteSession(tokenHash);
      return undefined;
    }
    if (now - row.last_seen_at >= SESSION_TOUCH_MS) {
      const expires = Math.min(now + SESSION_IDLE_MS, hardEnd);
      await d.repo.touchSession(tokenHash, now, expires);
      setCookie(reply, token, expires - now);
    }
    const { token_hash: _h, session_created_at: _c, last_seen_at: _l, expires_at: _e, ...account } = row;
    return { account, tokenHash };
  }

  return {
    /** The request's signed-in account, looked up once per request. */
    current(req: FastifyRequest, reply: FastifyReply): Promise<SignedIn | undefined> {
      let p = resolved.get(req);
      if (!p) {
        p = resolve(req, reply);
        resolved.set(req, p);
      }
      return p;
    },
    async start(reply: FastifyReply, accountId: string): Promise<string> {
      const token = newToken();
      const now = d.clock.now();
      const tokenHash = hashToken(token);
      await d.repo.insertSession({
        token_hash: tokenHash,
        account_id: accountId,
        created_at: now,
        last_seen_at: now,
        expires_at: now + SESSION_IDLE_MS,
      });
      setCookie(reply, token, SESSION_IDLE_MS);
      return tokenHash;
    },
    revoke(tokenHash: string) {
      return d.repo.deleteSession(tokenHash);
    },
    /** Ends every session of the account; returns how many there were. */
    revokeAll(accountId: string) {
      return d.repo.deleteSessionsOf(accountId);
    },
    end(reply: FastifyReply) {
      reply.clearCookie(TOKEN_NAME, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    },
  };
}
export type AccountSessions = ReturnType<typeof accountSessions>;
