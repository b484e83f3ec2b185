import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import type { BasePaths } from '../http/mount-endpoint';
import { backgroundJob } from '../lib/background-job';
import type { SecretKeys } from '../lib/signed-token';
import { createTtlCache } from '../lib/ttl-cache';
import { conversionProvidersOf } from '../modules/conversions/conversion-providers';
import { conversionsRepository } from '../modules/conversions/conversions-repository';
import { conversionsRoutes } from '../modules/conversions/conversions-routes';
import { conversionsService } from '../modules/conversions/conversions-service';
import { examOrders } from '../modules/exam/exam-orders';
import { examRepository } from '../modules/exam/exam-repository';
import type { ExamService } from '../modules/exam/exam-service';
import { reportAccessOf } from '../modules/exam/report-access';
import type { PaidTransition } from '../modules/payments/paid-transition';
import { profileRepository } from '../modules/profile/profile-repository';
import { profileRoutes } from '../modules/profile/profile-routes';
import { profileService } from '../modules/profile/profile-service';
import { reviewsRepository } from '../modules/reviews/reviews-repository';
import { reviewsRoutes } from '../modules/reviews/reviews-routes';
import { reviewsService } from '../modules/reviews/reviews-service';
import { socialProofRoutes } from '../modules/social-proof/social-proof-routes';
import { socialProofService } from '../modules/social-proof/social-proof-service';

/**
 * Composes issue 20's parts (decision 0032): the "about you" form, social proof from the platform's own
 * records, buyer reviews and their moderation, and server-side conversions on the paid transition.
 */
export async function growth(
  app: FastifyInstance,
  bases: BasePaths,
  deps: AppDeps,
  exam: ExamService,
  paid: PaidTransition,
  reportLinkSecret: SecretKeys,
) {
  const { env, db, clock } = deps;
  const kysely = db.kysely;
  const orders = examOrders(examRepository(kysely));

  const profiles = profileService({
    limits: deps.limits,
    profiles: profileRepository(kysely),
    exams: orders,
    forgetReport: (orderNumber) => exam.forgetReport(orderNumber),
    db: kysely,
    clock,
  });
  await app.register(async (scope) => profileRoutes(scope, bases, profiles));

  const socialProof = socialProofService({
    exams: orders,
    requireExam: (id) => deps.content.requireExam(id),
    initials: (ids) => profiles.initials(ids),
    cache: createTtlCache(clock, 60_000),
    clock,
  });
  await app.register(async (scope) => socialProofRoutes(scope, bases, socialProof));

  const reviews = reviewsService({
    limits: deps.limits,
    repo: reviewsRepository(kysely),
    requireReportAccess: reportAccessOf({ exams: orders, reportLinkSecret, clock }),
    profileName: (sessionId) => profiles.nameOf(sessionId),
    db: kysely,
    clock,
  });
  await app.register(async (scope) => reviewsRoutes(scope, bases, reviews));

  const conversions = conversionsService({
    limits: deps.limits,
    repo: conversionsRepository(kysely),
    providers: conversionProvidersOf(env),
    exams: orders,
    db: kysely,
    clock,
    maxAttempts: env.CONVERSIONS_MAX_ATTEMPTS,
    log: app.log,
    onQueued: () => conversionWorker.kick(),
  });
  await app.register(async (scope) => conversionsRoutes(scope, bases, conversions));
  const conversionWorker = backgroundJob(
    'conversions',
    () => conversions.sendDue(),
    env.CONVERSIONS_INTERVAL_MS,
    app.log,
  );
  if (conversions.enabled) {
    paid.on('orderPaid', {
      // The outbox row commits with the paid state: exactly once, and the payment never waits on a provider.
      inTransaction: async (e, repos) => {
        await conversions.enqueuePurchase(repos.conversions, {
          orderNumber: e.payment.order_number,
          skuId: e.payment.sku_id,
          currency: e.payment.currency,
          amountMinor: e.payment.amount_minor,
          email: e.payment.email,
          paidAt: e.now,
        });
        return undefined;
      },
      afterCommit: () => conversionWorker.kick(),
    });
  }

  return {
    profiles,
    socialProof,
    /** The moderation functions the operator console calls (list-pending, approve, reject, reply, remove). */
    reviews,
    conversions,
    /** Background work; started by server.ts (tests run `conversionWorker.runOnce`). */
    conversionWorker,
    startJobs() {
      if (conversions.enabled) conversionWorker.start();
    },
    stopJobs: () => conversionWorker.stop(),
  };
}
export type Growth = Awaited<ReturnType<typeof growth>>;
