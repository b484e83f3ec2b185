import type { Locale } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import type { BasePaths } from '../http/mount-endpoint';
import type { ReportLinks } from '../lib/report-links';
import type { SecretKeys } from '../lib/signed-token';
import { createTtlCache } from '../lib/ttl-cache';
import type { AccountsModule } from '../modules/accounts/accounts-plugin';
import { catalogRepository } from '../modules/checkout/catalog-repository';
import { catalogService } from '../modules/checkout/catalog-service';
import { examOrders } from '../modules/exam/exam-orders';
import { examRepository } from '../modules/exam/exam-repository';
import { extrasModule } from '../modules/extras/extras-module';
import { paidTransition } from '../modules/payments/paid-transition';
import { paymentProcessors, paymentsModule, sandboxPages } from '../modules/payments/payments-module';
import { subscriptionRoutes } from '../modules/subscriptions/subscription-routes';
import { subscriptionsModule } from '../modules/subscriptions/subscriptions-module';

/**
 * Composes what is sold and paid: the catalogue (checkout), the processors and payments, plans and
 * subscriptions, extras. Payments imports none of the modules that react to a payment; they subscribe to
 * the paid transition here (decision 0017).
 */
export async function commerce(
  app: FastifyInstance,
  bases: BasePaths,
  deps: AppDeps,
  links: ReportLinks,
  reportLinkSecret: SecretKeys,
  /** An order's report changed (an extra bought): its cached copy is forgotten. */
  forgetReport: (orderNumber: string) => void,
  /** The buyer's account: the report e-mail's one-time sign-in link, and the account made for the address. */
  accounts: Pick<AccountsModule, 'signInUrl' | 'onReportPaid'>,
) {
  const { env, db, clock, translator } = deps;
  const kysely = db.kysely;
  const orders = examOrders(examRepository(kysely));
  const paid = paidTransition();
  const processors = await paymentProcessors(app, bases, deps);
  const { providers } = processors;
  const catalog = catalogService({
    repo: catalogRepository(kysely),
    orders,
    translator,
    clock,
    cache: createTtlCache(clock, 60_000),
    offerMs: env.OFFER_MINUTES * 60_000,
  });
  const subs = await subscriptionsModule(deps, { providers, paid, log: app.log });
  const { plans, subscriptions, scheduler } = subs;
  const { payments, reconciler } = await paymentsModule(app, bases, deps, {
    processors,
    orders,
    catalog,
    plans,
    subscriptions,
    paid,
    links,
    reportLinkSecret,
  });
  await app.register(async (scope) =>
    subscriptionRoutes(scope, bases, { plans, payments, subscriptions, providers, findOrder: orders.findOrder }),
  );
  const extras = await extrasModule(app, bases, deps, {
    exams: orders,
    payments,
    providers,
    subscriptions: subs,
    paid,
    links,
    reportLinkSecret,
  });
  paid.afterCommit('extraPaid', (e) => forgetReport(e.payment.order_number));
  paid.on('orderPaid', {
    inTransaction: async (e) => ({ signInUrl: accounts.signInUrl(e.payment.email, e.order.exam_id, e.payment.locale) }),
    afterCommit: (e) => accounts.onReportPaid(e.payment.email, e.payment.locale as Locale),
  });
  await sandboxPages(app, deps, processors);
  const { processor } = processors;

  return {
    catalog,
    payments,
    processor,
    reconciler,
    providers,
    plans,
    subscriptions,
    scheduler,
    extras,
    /** The paid transition's bus: another module reacts to a payment with one line (decision 0017). */
    paid,
    sandboxPrefix: processors.sandboxPrefix,
    /** Background work; started by server.ts (tests drive the passes themselves). */
    startJobs() {
      processor.delivery.start();
      reconciler.start();
      scheduler.start();
      processor.delivery.kick();
      reconciler.kick();
      scheduler.kick();
    },
    async stopJobs() {
      await processor.delivery.stop();
      await reconciler.stop();
      await scheduler.stop();
    },
  };
}
export type Commerce = Awaited<ReturnType<typeof commerce>>;
