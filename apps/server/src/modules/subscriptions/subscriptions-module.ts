import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { getOrCreateSecret, secretKeys } from '../../lib/app-secrets';
import { createTtlCache } from '../../lib/ttl-cache';
import type { PaidTransition } from '../payments/paid-transition';
import type { ProviderRegistry } from '../payments/providers/provider-registry';
import { cancelLinks } from './cancel-links';
import { planCatalog } from './plan-catalog';
import { startSubscriptionOnPaid } from './start-on-paid';
import { subscriptionRepository, subscriptionTransactor } from './subscription-repository';
import { subscriptionScheduler } from './subscription-scheduler';
import { subscriptionService } from './subscription-service';

/**
 * Plans, subscriptions and the renewal scheduler. A plan's first payment starts its subscription inside the
 * paid transition (decision 0017): the module subscribes to it here.
 */
export async function subscriptionsModule(
  deps: AppDeps,
  parts: { providers: ProviderRegistry; paid: PaidTransition; log: FastifyBaseLogger },
) {
  const { env, db, clock, translator } = deps;
  const kysely = db.kysely;
  const now = clock.now();
  const { providers } = parts;
  const repo = subscriptionRepository(kysely);
  const plans = planCatalog({ repo, translator, clock, cache: createTtlCache(clock, 60_000) });
  const reminderMs = env.TRIAL_REMINDER_HOURS * 3_600_000;
  const transact = subscriptionTransactor(kysely);
  const subscriptions = subscriptionService({
    repo,
    transact,
    limits: deps.limits,
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
    repo,
    transact,
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
    log: parts.log,
  });
  parts.paid.on('orderPaid', startSubscriptionOnPaid({ plans, subscriptions }));
  return { repo, plans, subscriptions, scheduler };
}
export type SubscriptionsModule = Awaited<ReturnType<typeof subscriptionsModule>>;
