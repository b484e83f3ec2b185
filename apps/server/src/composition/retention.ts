import type { AppDeps } from '../app-deps';
import { examRepository } from '../modules/exam/exam-repository';
import { mailboxRepository } from '../modules/mail/mailbox-repository';
import { outboxRepository } from '../modules/mail/outbox-repository';
import { paymentRepository } from '../modules/payments/payment-repository';
import { sandboxRepository } from '../modules/payments/sandbox/sandbox-repository';
import { rateLimitRepository } from '../modules/rate-limit/rate-limit-repository';
import { type RetentionStep, retentionJob } from '../modules/retention/retention-job';
import { retentionRepository } from '../modules/retention/retention-repository';

const DAY_MS = 86_400_000;

/**
 * Keep only what is needed (issue 14, decision 0026): the daily job's steps, each done by the module that
 * owns the table. Page views are rolled up before raw ones go. Nothing of a paid order is ever deleted.
 */
export function retention(deps: AppDeps, log?: { error: (obj: object, msg: string) => void }) {
  const { env, db, clock, tracking } = deps;
  const kysely = db.kysely;
  const days = (n: number, now: number) => now - n * DAY_MS;
  const steps: RetentionStep[] = [
    { name: 'page view roll-up', run: (now) => tracking.rollUp(now) },
    { name: 'page views', run: (now) => tracking.purge(now, env.PAGE_VIEW_RETENTION_DAYS) },
    {
      name: 'unfinished sessions',
      run: (now) => examRepository(kysely).purgeUnfinished(days(env.UNFINISHED_SESSION_RETENTION_DAYS, now)),
    },
    {
      // A test lasts under an hour; a part forgotten after a day is drawn again from its seed if ever asked.
      name: 'drawn test parts',
      run: (now) => examRepository(kysely).purgeDrawnParts(days(1, now)),
    },
    {
      name: 'rate limits',
      run: async (now) => {
        await rateLimitRepository(kysely).deleteExpiredHits(days(env.RATE_LIMIT_RETENTION_DAYS, now));
        return 0;
      },
    },
    {
      name: 'mail bodies',
      run: async (now) =>
        (await outboxRepository(kysely).dropSentBodies(days(env.MAIL_BODY_RETENTION_DAYS, now))) +
        (await mailboxRepository(kysely).deleteBefore(days(env.MAIL_BODY_RETENTION_DAYS, now))),
    },
    {
      name: 'payment events',
      run: async (now) =>
        (await paymentRepository(kysely).deleteEventsBefore(days(env.PAYMENT_EVENT_RETENTION_DAYS, now))) +
        (await sandboxRepository(kysely).deleteDeliveredEventsBefore(days(env.PAYMENT_EVENT_RETENTION_DAYS, now))),
    },
  ];
  return retentionJob({
    repo: retentionRepository(kysely),
    steps,
    clock,
    intervalMs: env.RETENTION_INTERVAL_MS,
    // A holder that crashed mid-pass: another instance takes the day over after this.
    leaseMs: 30 * 60_000,
    log,
  });
}
