import type { FastifyInstance } from 'fastify';
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
  accountsRoutes(app, bases, { service, sessions, orders, siteOrigin: new URL(deps.env.PUBLIC_URL).origin });

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
