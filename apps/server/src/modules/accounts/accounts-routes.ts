import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { assertSameSite } from '../../http/cross-site-guard';
import { type BasePaths, mountEndpoint, RawFile } from '../../http/mount-endpoint';
import { AppError } from '../../lib/app-error';
import { SESSION_COOKIE } from '../exam/session-cookie';
import type { AccountOrders } from './account-orders';
import type { AccountSessions, SignedIn } from './account-session';
import type { AccountRow } from './accounts-repository';
import type { AccountsService } from './accounts-service';
import { presentUser } from './present-user';

interface Parts {
  service: AccountsService;
  sessions: AccountSessions;
  orders: AccountOrders;
  siteOrigin: string;
  /** What other modules keep about an account, added to its data export by name (e.g. the members' results). */
  exportSections: Map<string, (accountId: string) => Promise<unknown>>;
}

/** The account calls of section 7, plus logout, deletion and export. Thin: validate, call, answer. */
export function accountsRoutes(app: FastifyInstance, bases: BasePaths, p: Parts): void {
  const { service, sessions, orders } = p;
  const examCookie = (req: FastifyRequest) => req.cookies[SESSION_COOKIE];

  async function requireUser(req: FastifyRequest, reply: FastifyReply): Promise<SignedIn> {
    const s = await sessions.current(req, reply);
    if (!s) throw new AppError('NOT_SIGNED_IN');
    return s;
  }

  async function user(a: AccountRow) {
    return presentUser(a, (await orders.vipOf(a)) !== undefined);
  }

  /** Signs the browser in: a new session, and the test it holds becomes the account's. */
  async function signIn(req: FastifyRequest, reply: FastifyReply, a: AccountRow) {
    await sessions.start(reply, a.id);
    await orders.claimBrowserSession(a, examCookie(req));
    return user(a);
  }

  mountEndpoint(app, bases, endpoints.register, ({ body, req }) => service.register({ ...body, ip: req.ip }));

  mountEndpoint(app, bases, endpoints.sendEmailCode, ({ query, req }) => {
    // A GET that sends e-mail: another site's <img> must not make it send.
    assertSameSite(req, p.siteOrigin);
    return service.sendCode({ ...query, ip: req.ip });
  });

  mountEndpoint(app, bases, endpoints.verifyEmailCode, async ({ body, req, reply }) => {
    if (body.purpose === 'reset') {
      await service.checkResetCode({ email: body.email, code: body.code, ip: req.ip });
      return { verified: true as const, user: null };
    }
    const account = await service.completeRegistration({ email: body.email, code: body.code, ip: req.ip });
    return { verified: true as const, user: await signIn(req, reply, account) };
  });

  mountEndpoint(app, bases, endpoints.login, async ({ body, req, reply }) => {
    const account = await service.login({ email: body.account, password: body.password, ip: req.ip });
    return signIn(req, reply, account);
  });

  mountEndpoint(app, bases, endpoints.loginWithLink, async ({ body, req, reply }) => {
    const account = await service.loginWithLink({ token: body.token, ip: req.ip });
    return signIn(req, reply, account);
  });

  mountEndpoint(app, bases, endpoints.logout, async ({ req, reply }) => {
    const s = await sessions.current(req, reply);
    if (s) await sessions.revoke(s.tokenHash);
    sessions.end(reply);
    return { signedOut: true as const };
  });

  mountEndpoint(app, bases, endpoints.updatePassword, async ({ body, req, reply }) => {
    const { account } = await requireUser(req, reply);
    await service.updatePassword(account, body);
    // Every session ends (a thief's too); this browser gets a fresh one.
    const ended = await sessions.revokeAll(account.id);
    await sessions.start(reply, account.id);
    return { updated: true as const, otherSessionsEnded: Math.max(0, ended - 1) };
  });

  mountEndpoint(app, bases, endpoints.resetPassword, ({ body, req }) => service.resetPassword({ ...body, ip: req.ip }));

  mountEndpoint(app, bases, endpoints.currentUser, async ({ req, reply }) => {
    const s = await sessions.current(req, reply);
    return { user: s ? await user(s.account) : null };
  });

  mountEndpoint(app, bases, endpoints.updateUser, async ({ body, req, reply }) => {
    const { account } = await requireUser(req, reply);
    return user(await service.updateProfile(account, body));
  });

  mountEndpoint(app, bases, endpoints.userOrderList, async ({ params, req, reply }) => {
    const { account } = await requireUser(req, reply);
    // Another account's id finds nothing, exactly like an id that does not exist.
    if (params.id !== account.id) throw new AppError('NOT_FOUND');
    await orders.claimBrowserSession(account, examCookie(req));
    return { orders: await orders.list(account, examCookie(req)) };
  });

  mountEndpoint(app, bases, endpoints.vipDetail, async ({ query, locale, req, reply }) => {
    const { account } = await requireUser(req, reply);
    return orders.vipDetail(account, query.hl ?? locale);
  });

  mountEndpoint(app, bases, endpoints.userPrivilege, async ({ req, reply }) => {
    const { account } = await requireUser(req, reply);
    return orders.privileges(account);
  });

  mountEndpoint(app, bases, endpoints.isVip, async ({ req, reply }) => {
    const { account } = await requireUser(req, reply);
    const vip = await orders.vipOf(account);
    return { vip: vip !== undefined, until: vip ? new Date(vip.until).toISOString() : null };
  });

  mountEndpoint(app, bases, endpoints.deleteAccount, async ({ body, req, reply }) => {
    const { account } = await requireUser(req, reply);
    await service.deleteAccount(account, body.password);
    sessions.end(reply);
    return { deleted: true as const };
  });

  mountEndpoint(app, bases, endpoints.exportAccount, async ({ req, reply }) => {
    const { account } = await requireUser(req, reply);
    const data: Record<string, unknown> = await orders.exportData(account, examCookie(req));
    for (const [name, section] of p.exportSections) data[name] = await section(account.id);
    return new RawFile(Buffer.from(JSON.stringify(data, null, 2)), 'application/json', 'mindgauge-account.json');
  });
}
