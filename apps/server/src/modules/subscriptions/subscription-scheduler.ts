import { addPeriod, type Locale } from '@mindgauge/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WithTransaction } from '../../db/with-transaction';
import type { Translator } from '../../i18n/translator';
import { backgroundJob } from '../../lib/background-job';
import type { Clock } from '../../lib/clock';
import { keyedId } from '../../lib/ids';
import type { ProviderPaymentState } from '../payments/providers/payment-provider';
import type { ProviderRegistry } from '../payments/providers/provider-registry';
import type {
  SubscriptionRepository,
  SubscriptionRow,
  SubscriptionTransactionRepositories,
} from './subscription-repository';
import { advancePeriodInTransaction, nextRunOf, planTerms, type SubscriptionService } from './subscription-service';

export interface SchedulerDeps {
  repo: SubscriptionRepository;
  /** The scheduler's transactions (a charge's outcome, the subscription's change and its e-mail together). */
  transact: WithTransaction<SubscriptionTransactionRepositories>;
  subscriptions: SubscriptionService;
  providers: ProviderRegistry;
  clock: Clock;
  translator: Translator;
  mailDomain: string;
  kickMail: () => void;
  /** Keys each renewal attempt's charge id (also the processor's idempotency key). */
  chargeIdSecret: string;
  reminderMs: number;
  retryMs: number;
  maxAttempts: number;
  intervalMs: number;
  log?: FastifyBaseLogger;
}

/** How long one worker holds a subscription: far longer than a charge takes, short enough to recover. */
const LEASE_MS = 5 * 60_000;
/** An unreachable processor is asked again soon; the charge id keeps the retry the same charge. */
const UNREACHABLE_RETRY_MS = 10 * 60_000;

/**
 * The subscription scheduler: reminders before a trial converts, trial conversions and renewals (charging
 * the saved method), retries of failed renewals, and the end of cancelled subscriptions. Safe with several
 * instances: each subscription is leased by one worker at a time (a guarded update), each renewal attempt
 * has one charge row (unique per period and attempt) and one processor idempotency key, and each e-mail a
 * dedupe key, so nothing is charged or sent twice even when leases overlap after a crash.
 */
export function subscriptionScheduler(d: SchedulerDeps) {
  const chargeIdOf = (sub: SubscriptionRow, periodNo: number, attempt: number) =>
    keyedId(d.chargeIdSecret, sub.id, periodNo, attempt);

  async function sendReminder(sub: SubscriptionRow, now: number): Promise<SubscriptionRow> {
    await d.transact(async (repos) => {
      await repos.mail.enqueue(
        {
          template: 'trialReminder',
          locale: sub.locale as Locale,
          to: sub.email,
          dedupeKey: `trial-reminder:${sub.id}`,
          payload: {
            ...planTerms(sub, d.subscriptions.cancelLink(sub, sub.locale)),
            chargeAt: sub.current_period_end,
          },
        },
        now,
        d.mailDomain,
      );
      await repos.subscriptions.markReminded(sub.id, now);
    });
    d.kickMail();
    return { ...sub, reminder_sent_at: now };
  }

  /** Charges the next period; returns the next run when it decides it (a retry), else null. */
  async function renew(sub: SubscriptionRow, now: number): Promise<number | null> {
    const periodNo = sub.period_no + 1;
    const attempt = sub.failed_attempts;
    const chargeId = chargeIdOf(sub, periodNo, attempt);
    await d.repo.insertCharge({
      id: chargeId,
      subscription_id: sub.id,
      period_no: periodNo,
      attempt,
      amount_minor: sub.amount_minor,
      currency: sub.currency,
      status: 'pending',
      provider_ref: null,
      failure_code: null,
      created_at: now,
      settled_at: null,
    });
    const provider = d.providers.byName(sub.provider);
    let state: ProviderPaymentState;
    if (!provider?.chargeSaved || !sub.method_ref) {
      state = { ref: '', status: 'failed', amountMinor: 0, currency: sub.currency, failureCode: 'no_saved_method' };
    } else {
      try {
        state = await provider.chargeSaved({
          methodRef: sub.method_ref,
          idempotencyKey: chargeId,
          amountMinor: sub.amount_minor,
          currency: sub.currency,
          description: `Mindgauge — ${d.translator.t(sub.locale as Locale, `catalog:plans.${sub.plan_id}.title`)}`,
          locale: sub.locale,
        });
      } catch (err) {
        d.log?.warn({ err, subscription: sub.id }, 'renewal charge could not reach the processor');
        return now + UNREACHABLE_RETRY_MS;
      }
    }
    const paid =
      state.status === 'succeeded' &&
      state.amountMinor === sub.amount_minor &&
      state.currency.toUpperCase() === sub.currency;
    if (paid) {
      await d.transact(async (repos) => {
        if (!(await repos.subscriptions.settleCharge(chargeId, state.ref, now))) return;
        const start = sub.current_period_end;
        await advancePeriodInTransaction(
          repos,
          sub,
          { id: chargeId, periodStart: start, periodEnd: addPeriod(start, sub.billing_interval, sub.interval_count) },
          { cancelUrl: d.subscriptions.cancelLink(sub, sub.locale), domain: d.mailDomain },
          now,
        );
      });
      d.kickMail();
      return null;
    }
    // Declined (or the amount was not the plan's): retried a few times, then the subscription ends.
    const failures = attempt + 1;
    const last = failures >= d.maxAttempts;
    const retryAt = now + d.retryMs;
    await d.transact(async (repos) => {
      if (!(await repos.subscriptions.failCharge(chargeId, state.ref || null, state.failureCode, now))) return;
      await repos.subscriptions.recordFailedAttempt(sub.id, attempt, last, now);
      await repos.mail.enqueue(
        {
          template: 'renewalFailed',
          locale: sub.locale as Locale,
          to: sub.email,
          dedupeKey: `renewal-failed:${chargeId}`,
          payload: {
            ...planTerms(sub, d.subscriptions.cancelLink(sub, sub.locale)),
            retryAt: last ? null : retryAt,
          },
        },
        now,
        d.mailDomain,
      );
    });
    d.kickMail();
    return last ? null : retryAt;
  }

  /** Everything due for one leased subscription, in order: end, reminder, renewal. */
  async function work(claimed: SubscriptionRow): Promise<void> {
    const lease = claimed.locked_until as number;
    const now = d.clock.now();
    let sub = claimed;
    if (sub.cancel_requested_at !== null) {
      const ended = now >= sub.current_period_end;
      await d.repo.release(sub.id, lease, {
        ...(ended ? { status: 'canceled', ended_at: sub.current_period_end, next_run_at: null, updated_at: now } : {}),
        ...(ended ? {} : { next_run_at: sub.current_period_end }),
      });
      return;
    }
    const trialEnd = sub.current_period_end;
    if (
      sub.status === 'trialing' &&
      sub.reminder_sent_at === null &&
      now >= trialEnd - d.reminderMs &&
      now < trialEnd
    ) {
      sub = await sendReminder(sub, now);
    }
    let next: number | null = null;
    if (now >= sub.current_period_end && sub.billed_by === 'processor') {
      // The processor bills; its webhooks advance the period. Asking it here covers a webhook that never came,
      // and asks again hourly until its invoice is settled.
      const prov = d.providers.byName(sub.provider);
      if (prov && sub.processor_ref) await d.subscriptions.syncWithProcessor(prov, sub.processor_ref);
      sub = (await d.repo.find(sub.id)) ?? sub;
      if (now >= sub.current_period_end) next = now + 3_600_000;
    } else if (now >= sub.current_period_end) {
      next = await renew(sub, now);
      sub = (await d.repo.find(sub.id)) ?? sub;
    }
    await d.repo.release(sub.id, lease, {
      next_run_at: sub.status === 'canceled' ? null : (next ?? nextRunOf(sub, d.reminderMs)),
    });
  }

  /** One pass: lease what is due and work on it. Returns how many subscriptions it worked on. */
  async function pass(): Promise<number> {
    const now = d.clock.now();
    const due = await d.repo.dueIds(now, 50);
    let worked = 0;
    for (const { id } of due) {
      const claimed = await d.repo.claim(id, now, LEASE_MS);
      if (!claimed) continue;
      try {
        await work(claimed);
        worked++;
      } catch (err) {
        d.log?.error({ err, subscription: id }, 'subscription work failed; retried when the lease runs out');
      }
    }
    return worked;
  }

  return {
    ...backgroundJob('subscription scheduler', pass, d.intervalMs, d.log),
    /** Works on one subscription now (a trial skipped, a plan changed): charged at once if due. */
    async runFor(id: string): Promise<void> {
      const claimed = await d.repo.claim(id, d.clock.now(), LEASE_MS);
      if (claimed) await work(claimed);
    },
  };
}
export type SubscriptionScheduler = ReturnType<typeof subscriptionScheduler>;
