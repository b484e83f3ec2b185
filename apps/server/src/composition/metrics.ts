import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { outboxRepository } from '../modules/mail/outbox-repository';
import { metricsRoutes, type RequestStats } from '../modules/metrics/metrics-routes';
import { paymentRepository } from '../modules/payments/payment-repository';
import { subscriptionRepository } from '../modules/subscriptions/subscription-repository';

/**
 * The operator's metrics endpoint (only with METRICS_TOKEN): request counts, and gauges each owning
 * module's repository counts (payments, the mail outbox, subscriptions due).
 */
export async function metrics(app: FastifyInstance, deps: AppDeps, routes: RequestStats | undefined): Promise<void> {
  const { env, db, clock } = deps;
  if (!env.METRICS_TOKEN || !routes) return;
  const token = env.METRICS_TOKEN;
  await app.register(async (scope) =>
    metricsRoutes(scope, {
      counts: {
        payments: () => paymentRepository(db.kysely).countByStatus(),
        outbox: () => outboxRepository(db.kysely).countByStatus(),
        dueSubscriptions: (now) => subscriptionRepository(db.kysely).countDue(now),
      },
      clock,
      token,
      routes,
    }),
  );
}
