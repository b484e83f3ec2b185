import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { transactor } from '../../db/repositories';
import type { BasePaths } from '../../http/mount-endpoint';
import type { ReportLinks } from '../../lib/report-links';
import type { SecretKeys } from '../../lib/signed-token';
import { createTtlCache } from '../../lib/ttl-cache';
import type { PaidTransition } from '../payments/paid-transition';
import type { PaymentService } from '../payments/payment-service';
import type { ProviderRegistry } from '../payments/providers/provider-registry';
import { subscriptionChanges } from '../subscriptions/subscription-changes';
import type { SubscriptionsModule } from '../subscriptions/subscriptions-module';
import { extrasRepository } from './extras-repository';
import { extrasRoutes } from './extras-routes';
import { type ExtrasDeps, extrasService } from './extras-service';
import { grantExtraOnPaid } from './grant-on-paid';

/**
 * The extras after the first payment: its service and routes, and its reaction to an extra's payment (what
 * was bought is granted inside the paid transaction, decision 0017).
 */
export async function extrasModule(
  app: FastifyInstance,
  bases: BasePaths,
  deps: AppDeps,
  parts: {
    /** The exam module's orders. */
    exams: ExtrasDeps['exams'];
    payments: PaymentService;
    providers: ProviderRegistry;
    subscriptions: SubscriptionsModule;
    paid: PaidTransition;
    links: ReportLinks;
    reportLinkSecret: SecretKeys;
  },
) {
  const { env, db, clock, translator } = deps;
  const kysely = db.kysely;
  const extras = extrasService({
    limits: deps.limits,
    repo: extrasRepository(kysely),
    transact: transactor(kysely),
    subscriptionRows: subscriptionChanges(parts.subscriptions.repo),
    providers: parts.providers,
    exams: parts.exams,
    payments: parts.payments,
    plans: parts.subscriptions.plans,
    subscriptions: parts.subscriptions.subscriptions,
    scheduler: parts.subscriptions.scheduler,
    translator,
    clock,
    cache: createTtlCache(clock, 60_000),
    links: parts.links,
    publicUrl: env.PUBLIC_URL,
    reportLinkSecret: parts.reportLinkSecret,
    mailDomain: deps.mailDomain,
    kickMail: deps.mailWorker.kick,
  });
  parts.paid.on('extraPaid', grantExtraOnPaid({ publicUrl: env.PUBLIC_URL }));
  await app.register(async (scope) => extrasRoutes(scope, bases, extras));
  return extras;
}
