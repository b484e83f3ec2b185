import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { transactor } from '../../db/repositories';
import { withTransaction } from '../../db/with-transaction';
import type { BasePaths } from '../../http/mount-endpoint';
import { getOrCreateSecret, secretKeys } from '../../lib/app-secrets';
import type { ReportLinks } from '../../lib/report-links';
import type { SecretKeys } from '../../lib/signed-token';
import type { CatalogService } from '../checkout/catalog-service';
import type { PaidTransition } from './paid-transition';
import { paymentRepository } from './payment-repository';
import { checkoutRoutes } from './payment-routes';
import { type PaymentDeps, type PlanQuotes, paymentService, type SubscriptionsOfOrders } from './payment-service';
import type { PaymentProvider } from './providers/payment-provider';
import { paypalProvider } from './providers/paypal-provider';
import { providerRegistry } from './providers/provider-registry';
import { SANDBOX_PREFIX, sandboxProvider } from './providers/sandbox-provider';
import { stripeProvider } from './providers/stripe-provider';
import { paymentReconciler } from './reconciler';
import { sandboxProcessor } from './sandbox/sandbox-processor';
import { sandboxRepository } from './sandbox/sandbox-repository';
import { sandboxRoutes } from './sandbox/sandbox-routes';

/**
 * The configured processors (sandbox by default) and the local sandbox processor. Built first: the
 * subscriptions module charges renewals through them.
 */
export async function paymentProcessors(app: FastifyInstance, bases: BasePaths, deps: AppDeps) {
  const { env, db, clock } = deps;
  const kysely = db.kysely;
  const processor = sandboxProcessor({
    repo: sandboxRepository(kysely),
    transact: withTransaction(kysely, sandboxRepository),
    clock,
    secret: await getOrCreateSecret(kysely, 'sandbox-webhook', clock.now()),
    // Delivered like a processor's webhook: an HTTP request to the pay base, through every hook and check.
    deliver: async (payload, headers) =>
      (await app.inject({ method: 'POST', url: `${bases.pay}/pay/webhook/sandbox`, payload, headers })).statusCode,
    intervalMs: env.SANDBOX_WEBHOOK_INTERVAL_MS,
    log: app.log,
  });
  const sandbox = sandboxProvider(processor);

  const card: PaymentProvider | undefined =
    env.CARD_PROVIDER === 'sandbox'
      ? sandbox
      : env.CARD_PROVIDER === 'stripe'
        ? stripeProvider({
            secretKey: env.STRIPE_SECRET_KEY ?? '',
            publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
            webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
            apiBase: env.STRIPE_API_BASE,
          })
        : undefined;
  const paypal: PaymentProvider | undefined =
    env.PAYPAL_PROVIDER === 'sandbox'
      ? sandbox
      : env.PAYPAL_PROVIDER === 'paypal'
        ? paypalProvider({
            clientId: env.PAYPAL_CLIENT_ID ?? '',
            clientSecret: env.PAYPAL_CLIENT_SECRET ?? '',
            webhookId: env.PAYPAL_WEBHOOK_ID ?? '',
            apiBase: env.PAYPAL_API_BASE,
          })
        : undefined;
  const providers = providerRegistry(card, paypal, env.STRIPE_PUBLISHABLE_KEY ?? null);
  return {
    processor,
    providers,
    sandboxPrefix: SANDBOX_PREFIX,
    /** Whether the local sandbox processor serves one of the methods (its pages are mounted then). */
    sandboxUsed: env.CARD_PROVIDER === 'sandbox' || env.PAYPAL_PROVIDER === 'sandbox',
  };
}
export type PaymentProcessors = Awaited<ReturnType<typeof paymentProcessors>>;

/**
 * The payment service, its routes and its reconciliation with the processors. What it sells and who reacts
 * to a payment are given: the catalogue (checkout), the plans and subscriptions (through ports, since that
 * module imports payments), and the paid transition's bus (decision 0017).
 */
export async function paymentsModule(
  app: FastifyInstance,
  bases: BasePaths,
  deps: AppDeps,
  parts: {
    processors: PaymentProcessors;
    /** The exam module's orders. */
    orders: PaymentDeps['orders'];
    catalog: CatalogService;
    plans: PlanQuotes;
    subscriptions: SubscriptionsOfOrders;
    paid: PaidTransition;
    links: ReportLinks;
    reportLinkSecret: SecretKeys;
  },
) {
  const { env, db, clock, translator } = deps;
  const kysely = db.kysely;
  const { providers } = parts.processors;
  const repo = paymentRepository(kysely);
  const payments = paymentService({
    repo,
    transact: transactor(kysely),
    orders: parts.orders,
    catalog: parts.catalog,
    plans: parts.plans,
    subscriptions: parts.subscriptions,
    paid: parts.paid,
    providers,
    clock,
    translator,
    publicUrl: env.PUBLIC_URL,
    mailDomain: deps.mailDomain,
    links: parts.links,
    reportLinkSecret: parts.reportLinkSecret,
    // Derives ids (no verification): only the newest key is used; a rotation names new attempts anew.
    paymentIdSecret: (await secretKeys(kysely, 'payment-ids', clock.now(), env.SECRET_PAYMENT_IDS))[0] ?? '',
    kickMail: deps.mailWorker.kick,
    log: app.log,
  });
  const reconciler = paymentReconciler({
    repo,
    payments,
    clock,
    intervalMs: env.PAYMENT_RECONCILE_INTERVAL_MS,
    log: app.log,
  });
  await app.register(async (scope) =>
    checkoutRoutes(scope, bases, { catalog: parts.catalog, payments, providers, limits: deps.limits, clock }),
  );
  return { payments, reconciler };
}

/** The sandbox processor's own pages (its hosted payment step), when it serves a method. */
export async function sandboxPages(app: FastifyInstance, deps: AppDeps, processors: PaymentProcessors) {
  if (!processors.sandboxUsed) return;
  await app.register(async (scope) =>
    sandboxRoutes(scope, {
      processor: processors.processor,
      translator: deps.translator,
      merchant: 'Mindgauge',
      clock: deps.clock,
    }),
  );
}
