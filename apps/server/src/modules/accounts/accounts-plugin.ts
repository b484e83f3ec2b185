import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { BasePaths } from '../../http/mount-endpoint';
import { getOrCreateSecret } from '../../lib/app-secrets';
import { backgroundJob } from '../../lib/background-job';
import { examRecords } from '../exam/exam-records';
import { vipStatus } from '../extras/vip-status';
import type { AccountDeps } from './account-deps';
import { accountOrders } from './account-orders';
import { SIGNIN_LINK_DAYS } from './account-rules';
import { accountSessions } from './account-session';
import { accountsRepository } from './accounts-repository';
import { accountsRoutes } from './accounts-routes';
import { accountsService } from './accounts-service';
import { signinLinks } from './signin-links';

/**
 * The accounts module: registration, sign-in, the personal centre and the VIP calls. Registered on the root
 * instance (not encapsulated) because it also gives every request `ownsOrder`, the report's third way in:
 * a signed-in owner reads their own paid reports. Returns what the paid transition needs.
 */
export async function registerAccounts(app: FastifyInstance, bases: BasePaths, deps: AppDeps) {
  const db = deps.db.kysely;
  const now = deps.clock.now();
  const d: AccountDeps = {
    db,
    limits: deps.limits,
    repo: accountsRepository(db),
    exams: examRecords(db),
    vip: vipStatus(db),
    clock: deps.clock,
    translator: deps.translator,
    publicUrl: deps.env.PUBLIC_URL,
    mailDomain: deps.mailDomain,
    kickMail: () => deps.mailWorker.kick(),
    codeSecret: await getOrCreateSecret(db, 'account-codes', now),
    links: signinLinks({
      publicUrl: deps.env.PUBLIC_URL,
      secret: await getOrCreateSecret(db, 'account-links', now),
      days: SIGNIN_LINK_DAYS,
      now: () => deps.clock.now(),
    }),
  };
  const service = accountsService(d);
  const sessions = accountSessions(d, deps.env.PUBLIC_URL.startsWith('https://'));
  const orders = accountOrders(d);

  app.decorateRequest('ownsOrder', null);
  app.addHook('onRequest', (req, reply, done) => {
    req.ownsOrder = async (orderNumber: string) => {
      const s = await sessions.current(req, reply);
      return s ? orders.owns(s.account, orderNumber) : false;
    };
    done();
  });
  const exportSections = new Map<string, (accountId: string) => Promise<unknown>>();
  accountsRoutes(app, bases, {
    service,
    sessions,
    orders,
    siteOrigin: new URL(deps.env.PUBLIC_URL).origin,
    exportSections,
  });

  // Hourly: ended sessions, codes older than a day (a registration's details travel with its code, and
  // "send again" reuses them for a day), and used sign-in links past their expiry are deleted.
  const cleanup = backgroundJob(
    'accounts cleanup',
    () => d.repo.deleteExpired(deps.clock.now(), deps.clock.now() - 86_400_000),
    3_600_000,
    app.log,
  );
  cleanup.start();
  app.addHook('onClose', () => cleanup.stop());

  return {
    /** Another module's data about an account joins the account's data export under `name`. */
    addExportSection: (name: string, section: (accountId: string) => Promise<unknown>) => {
      exportSections.set(name, section);
    },
    /** The request's signed-in account, if any (the members' area asks). */
    signedIn: async (req: FastifyRequest, reply: FastifyReply) => (await sessions.current(req, reply))?.account,
    /** The account of a proven address (what it bought is its own, decision 0025), or undefined. */
    accountIdOf: async (email: string) => {
      const a = await d.repo.findByEmail(email.toLowerCase());
      return a && a.email_verified_at !== null ? a.id : undefined;
    },
    /** The request's signed-in account and its session (the console asks it before its own checks). */
    signedInSession: (req: FastifyRequest, reply: FastifyReply) => sessions.current(req, reply),
    /** The account of an address, made if absent (the operator command's first step). */
    async ensureAccount(email: string, locale: Parameters<typeof service.ensureBuyerAccount>[1]) {
      await service.ensureBuyerAccount(email, locale);
      const account = await d.repo.findByEmail(email.toLowerCase());
      if (!account) throw new Error(`no account for ${email} after ensuring one`);
      return account;
    },
    /** Deletes expired account rows now (the hourly job's pass; tests call it). */
    cleanup: cleanup.runOnce,
    /** The one-time sign-in link for a buyer's report e-mail. */
    signInUrl: (email: string, examId: number, locale: string) => d.links.url(email.toLowerCase(), examId, locale),
    /** A report was paid: its buyer's address has an account from now on. */
    onReportPaid: (email: string, locale: Parameters<typeof service.ensureBuyerAccount>[1]) =>
      service.ensureBuyerAccount(email, locale),
  };
}
export type AccountsModule = Awaited<ReturnType<typeof registerAccounts>>;
