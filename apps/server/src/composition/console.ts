import { isLocale } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import type { BasePaths } from '../http/mount-endpoint';
import type { ReportLinks } from '../lib/report-links';
import type { AccountsModule } from '../modules/accounts/accounts-plugin';
import { consoleRepository } from '../modules/console/console-repository';
import { consoleRoutes } from '../modules/console/console-routes';
import { consoleService } from '../modules/console/console-service';
import { examOrders } from '../modules/exam/exam-orders';
import { examRepository } from '../modules/exam/exam-repository';
import { outboxDesk } from '../modules/mail/outbox-desk';
import { mailReportLinks } from '../modules/report/retrieve-reports';
import { supportDesk, supportTransactor } from '../modules/support/support-service';
import type { Commerce } from './commerce';
import type { Growth } from './growth';

/**
 * The operator's console (issue 21): its own module for access and the audit log; every business action is
 * the owning module's service (orders, payments, catalogue, support, outbox, reviews), asked from here.
 */
export async function operatorConsole(
  app: FastifyInstance,
  bases: BasePaths,
  deps: AppDeps,
  parts: {
    accounts: AccountsModule;
    checkout: Commerce;
    links: ReportLinks;
    forgetReport(orderNumber: string): void;
    growth: Growth;
  },
) {
  const { db, clock, env } = deps;
  const kysely = db.kysely;
  const kickMail = () => deps.mailWorker.kick();
  const repo = consoleRepository(kysely);
  const orders = examOrders(examRepository(kysely));
  const service = consoleService({
    limits: deps.limits,
    repo,
    db: kysely,
    clock,
    issuer: new URL(env.PUBLIC_URL).host,
    signedIn: parts.accounts.signedInSession,
    orders,
    payments: parts.checkout.payments,
    promos: parts.checkout.catalog.promos,
    catalogue: { ...parts.checkout.catalog.editor, preview: parts.checkout.catalog.preview },
    support: supportDesk({ transact: supportTransactor(kysely), clock, mailDomain: deps.mailDomain }),
    outbox: outboxDesk(kysely, clock, kickMail),
    reviews: parts.growth.reviews,
    subscriptions: parts.checkout.subscriptions,
    plans: parts.checkout.plans,
    funnel: {
      views: (range) => deps.tracking.viewCounts(range),
      counts: [
        (from, to) => orders.funnelCounts(from, to),
        (from, to) => parts.checkout.payments.funnelCounts(from, to),
        (from, to) => parts.checkout.subscriptions.funnelCounts(from, to),
      ],
    },
    async resendReport(order) {
      const hl = isLocale(order.locale) ? order.locale : 'en';
      const mail = { db: kysely, clock, links: parts.links, mailDomain: deps.mailDomain, kickMail };
      await mailReportLinks(mail, order.email as string, hl, [order]);
    },
    forgetReport: parts.forgetReport,
  });
  await app.register(async (scope) => consoleRoutes(scope, bases, service));
  return { service, repo };
}
export type OperatorConsole = Awaited<ReturnType<typeof operatorConsole>>;
