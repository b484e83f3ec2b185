import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { transactor } from '../../db/repositories';
import { withTransaction } from '../../db/with-transaction';
import type { BasePaths } from '../../http/mount-endpoint';
import { getOrCreateSecret, secretKeys } from '../../lib/app-secrets';
import type { SecretKeys } from '../../lib/signed-token';
import { createTtlCache } from '../../lib/ttl-cache';
import { catalogRepository } from '../checkout/catalog-repository';
import { catalogService } from '../checkout/catalog-service';
import { examRepository } from '../exam/exam-repository';
import { extrasRepository } from '../extras/extras-repository';
import { extrasRoutes } from '../extras/extras-routes';
import { extrasService } from '../extras/extras-service';
import type { ReportLinks } from '../report/report-links';
import { cancelLinks } from '../subscriptions/cancel-links';
import { planCatalog } from '../subscriptions/plan-catalog';
import { subscriptionRepository } from '../subscriptions/subscription-repository';
import { subscriptionRoutes } from '../subscriptions/subscription-routes';
import { subscriptionScheduler } from '../subscriptions/subscription-scheduler';
import { subscriptionService } from '../subscriptions/subscription-service';
import { paymentRepository } from './payment-repository';
import { checkoutRoutes } from './payment-routes';
import { type PaymentDeps, paymentService } from './payment-service';
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
 * Builds checkout: the catalogue, the configured processors (sandbox by default), the payment service,
 * their routes, and the background jobs (sandbox webhook delivery, reconciliation with the processors).
 */
export async function checkoutModule(
  app: FastifyInstance,
  bases: BasePaths,
  deps: AppDeps,
  links: ReportLinks,
  reportLinkSecret: SecretKeys,
  /** An order's report changed (an extra bought): its cached copy is forgotten. */
  forgetReport: (orderNumber: string) => void,
  accounts?: PaymentDeps['accounts'],
) {
  const { env, db, clock, translator } = deps;
  const kysely = db.kysely;
  const now = clock.now();

  const processor = sandboxProcessor({
    repo: sandboxRepository(kysely),
    transact: withTransaction(kysely, sandboxRepository),
    clock,
    secret: await getOrCreateSecret(kysely, 'sandbox-webhook', now),
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

  const orders = examRepository(kysely);
  const catalog = catalogService({
    repo: catalogRepository(kysely),
    orders,
    translator,
    clock,
    cache: createTtlCache(clock, 60_000),
    offerMs: env.OFFER_MINUTES * 60_000,
  });
  const plans = planCatalog({ repo: subscriptionRepository(kysely), translator, cache: createTtlCache(clock, 60_000) });
  const subscriptionRepo = subscriptionRepository(kysely);
  const reminderMs = env.TRIAL_REMINDER_HOURS * 3_600_000;
  const subscriptions = subscriptionService({
    repo: subscriptionRepo,
    providers,
    clock,
    links: cancelLinks({
      publicUrl: env.PUBLIC_URL,
      secret: await secretKeys(kysely, 'cancel-links', now, env.SECRET_CANCEL_LINKS),
      days: env.CANCEL_LINK_DAYS,
      clock,
    }),
    mailDomain: deps.mailDomain,
    kickMail: deps.mailWorker.kick,
    reminderMs,
  });
  const scheduler = subscriptionScheduler({
    repo: subscriptionRepo,
    subscriptions,
    providers,
    clock,
    translator,
    mailDomain: deps.mailDomain,
    kickMail: deps.mailWorker.kick,
    chargeIdSecret: await getOrCreateSecret(kysely, 'renewal-charge-ids', now),
    reminderMs,
    retryMs: env.RENEWAL_RETRY_HOURS * 3_600_000,
    maxAttempts: env.RENEWAL_MAX_ATTEMPTS,
    intervalMs: env.SUBSCRIPTION_SCHEDULER_INTERVAL_MS,
    log: app.log,
  });
  const repo = paymentRepository(kysely);
  const payments = paymentService({
    repo,
    transact: transactor(kysely),
    orders,
    catalog,
    plans,
    subscriptions,
    providers,
    clock,
    translator,
    publicUrl: env.PUBLIC_URL,
    mailDomain: deps.mailDomain,
    links,
    reportLinkSecret,
    // Derives ids (no verification): only the newest key is used; a rotation names new attempts anew.
    paymentIdSecret: (await secretKeys(kysely, 'payment-ids', now, env.SECRET_PAYMENT_IDS))[0] ?? '',
    kickMail: deps.mailWorker.kick,
    onExtraGranted: forgetReport,
    ...(accounts ? { accounts } : {}),
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
    checkoutRoutes(scope, bases, { catalog, payments, providers, db: kysely, clock }),
  );
  await app.register(async (scope) => subscriptionRoutes(scope, bases, { plans, payments, subscriptions, providers }));
  const extras = extrasService({
    db: kysely,
    repo: extrasRepository(kysely),
    transact: transactor(kysely),
    subscriptionRows: subscriptionRepo,
    providers,
    exams: examRepository(kysely),
    payments,
    plans,
    subscriptions,
    scheduler,
    translator,
    clock,
    cache: createTtlCache(clock, 60_000),
    links,
    reportLinkSecret,
    mailDomain: deps.mailDomain,
    kickMail: deps.mailWorker.kick,
  });
  await app.register(async (scope) => extrasRoutes(scope, bases, extras));
  if (env.CARD_PROVIDER === 'sandbox' || env.PAYPAL_PROVIDER === 'sandbox') {
    await app.register(async (scope) => sandboxRoutes(scope, { processor, translator, merchant: 'Mindgauge', clock }));
  }

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
    sandboxPrefix: SANDBOX_PREFIX,
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
export type CheckoutModule = Awaited<ReturnType<typeof checkoutModule>>;
