import {
  addPeriod,
  type Locale,
  type TBillingInterval,
  type TPlanId,
  type TSubscriptionSummary,
} from '@mindgauge/contract';
import type { WithTransaction } from '../../db/with-transaction';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { publicId } from '../../lib/ids';
import { consumeMailBudget } from '../mail/mail-budget';
import type { TemplatePayload } from '../mail/templates';
import { callProvider } from '../payments/providers/call-provider';
import type { PaymentProvider } from '../payments/providers/payment-provider';
import type { ProviderRegistry } from '../payments/providers/provider-registry';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit';
import type { CancelLinks } from './cancel-links';
import type { PricedPlan } from './plan-catalog';
import type {
  SubscriptionRepository,
  SubscriptionRow,
  SubscriptionTransactionRepositories,
} from './subscription-repository';

/** The rows the console shows (other modules name them through this service). */
export type { ChargeRow, SubscriptionRow } from './subscription-repository';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Cancelling by address e-mails that address: limited per client and per address. */
export const CANCEL_RULES = {
  client: { name: 'unsubscribe:ip', max: 20, windowMs: HOUR },
  address: { name: 'unsubscribe:email', max: 5, windowMs: HOUR },
};

export interface SubscriptionDeps {
  repo: SubscriptionRepository;
  /** The subscription's own transactions (a change and the e-mail it causes). */
  transact: WithTransaction<SubscriptionTransactionRepositories>;
  /** Rate limits (the rate-limit module's handle). */
  db: Parameters<typeof consumeRateLimit>[0];
  providers: ProviderRegistry;
  clock: Clock;
  links: CancelLinks;
  mailDomain: string;
  kickMail: () => void;
  /** Lead time of the reminder before a trial converts. */
  reminderMs: number;
}

/** The first payment of a plan, as the subscription needs it. */
export interface FirstPayment {
  id: string;
  order_number: string;
  email: string;
  locale: string;
  country: string;
  currency: string;
  provider: SubscriptionRow['provider'];
  method: SubscriptionRow['method'];
}

/** The terms of a plan as e-mails state them: amount, interval, and the cancel link. */
export function planTerms(sub: SubscriptionRow, cancelUrl: string) {
  return {
    planId: sub.plan_id,
    amountMinor: sub.amount_minor,
    currency: sub.currency,
    interval: sub.billing_interval,
    intervalCount: sub.interval_count,
    cancelUrl,
  };
}

/**
 * A renewal paid: the subscription moves to its next period (once: guarded by the period it was in) and the
 * receipt is queued, inside the caller's transaction (the one that records the charge as paid).
 */
export async function advancePeriodInTransaction(
  repos: SubscriptionTransactionRepositories,
  sub: SubscriptionRow,
  charge: { id: string; periodStart: number; periodEnd: number },
  mail: { cancelUrl: string; domain: string },
  now: number,
): Promise<void> {
  await repos.subscriptions.advancePeriod(sub, { start: charge.periodStart, end: charge.periodEnd }, now);
  await repos.mail.enqueue(
    {
      template: 'renewalReceipt',
      locale: sub.locale as Locale,
      to: sub.email,
      dedupeKey: `receipt:${charge.id}`,
      payload: {
        ...planTerms(sub, mail.cancelUrl),
        chargeId: charge.id,
        paidAt: now,
        periodStart: charge.periodStart,
        periodEnd: charge.periodEnd,
        trialConverted: sub.status === 'trialing',
      },
    },
    now,
    mail.domain,
  );
}

/** When the scheduler next has work: the reminder (during a trial), else the end of the period. */
export function nextRunOf(sub: SubscriptionRow, reminderMs: number): number | null {
  if (sub.status === 'canceled') return null;
  const end = sub.current_period_end;
  if (sub.cancel_requested_at === null && sub.status === 'trialing' && sub.reminder_sent_at === null) {
    return Math.min(end, Math.max(sub.current_period_start, end - reminderMs));
  }
  return end;
}

export function subscriptionService(d: SubscriptionDeps) {
  function summary(s: SubscriptionRow): TSubscriptionSummary {
    const running = s.status !== 'canceled' && s.cancel_requested_at === null;
    return {
      subscriptionId: s.id,
      planId: s.plan_id as TPlanId,
      status: s.status,
      cancelRequested: s.cancel_requested_at !== null,
      amount: s.amount_minor,
      currency: s.currency,
      interval: s.billing_interval,
      intervalCount: s.interval_count,
      trialEndsAt: s.trial_end_at === null ? null : iso(s.trial_end_at),
      nextChargeAt: running ? iso(s.current_period_end) : null,
      accessUntil: iso(s.ended_at ?? s.current_period_end),
    };
  }

  /** Cancels: nothing more is charged, access lasts to the end of the paid period; confirmed by e-mail. */
  async function cancel(subs: SubscriptionRow[], hl: Locale): Promise<SubscriptionRow[]> {
    const now = d.clock.now();
    const done: SubscriptionRow[] = [];
    for (const s of subs) {
      // A processor that bills the plan itself is told first: if it cannot be reached, nothing is promised.
      if (s.billed_by === 'processor' && s.processor_ref && s.cancel_requested_at === null) {
        const prov = d.providers.byName(s.provider);
        const cancelAt = prov?.cancelSubscription?.bind(prov);
        if (!cancelAt) throw new AppError('PAYMENT_PROVIDER_ERROR');
        const ref = s.processor_ref;
        await callProvider(() => cancelAt(ref));
      }
      const changed = await d.transact(async (repos) => {
        if (!(await repos.subscriptions.requestCancel(s.id, s.current_period_end, now))) return false;
        const payload: TemplatePayload<'subscriptionCanceled'> = {
          planId: s.plan_id,
          canceledAt: now,
          accessUntil: s.current_period_end,
        };
        await repos.mail.enqueue(
          { template: 'subscriptionCanceled', locale: hl, to: s.email, payload, dedupeKey: `sub-canceled:${s.id}` },
          now,
          d.mailDomain,
        );
        return true;
      });
      const fresh = await d.repo.find(s.id);
      if (fresh) done.push(fresh);
      if (changed) d.kickMail();
    }
    return done;
  }

  async function limited(ip: string, email: string | null): Promise<void> {
    const now = d.clock.now();
    await consumeRateLimit(d.db, CANCEL_RULES.client, ip, now);
    if (email) await consumeRateLimit(d.db, CANCEL_RULES.address, email, now);
  }

  async function requireByToken(subscriptionId: string, token: string): Promise<SubscriptionRow> {
    if (!d.links.verify(subscriptionId, token)) throw new AppError('CANCEL_LINK_INVALID');
    const sub = await d.repo.find(subscriptionId);
    if (!sub) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    return sub;
  }

  /**
   * Follows a processor that bills the plan itself (Stripe Billing): asked for its current state (never an
   * event's copy), a paid renewal invoice advances the period once (its invoice id is the charge's id) with a
   * receipt; a failed one marks the plan past due with a notice; an ended subscription ends ours.
   */
  async function syncWithProcessor(prov: PaymentProvider, ref: string): Promise<void> {
    const sub = await d.repo.findByProcessorRef(prov.name, ref);
    if (!sub || !prov.retrieveSubscription) return;
    const state = await prov.retrieveSubscription(ref);
    const now = d.clock.now();
    const inv = state.latestInvoice;
    const renewal = inv && inv.billingReason !== 'subscription_create' ? inv : null;
    const cancelLink = d.links.forSubscription(sub, sub.locale);
    let mailed = false;
    await d.transact(async (repos) => {
      // Once per invoice (its id is the charge's key): a renewal, the end of a trial, a change of plan.
      if (renewal?.status === 'paid') {
        const inserted = await repos.subscriptions.insertSettledCharge({
          id: renewal.id,
          subscription_id: sub.id,
          period_no: sub.period_no + 1,
          attempt: renewal.attemptCount,
          amount_minor: renewal.amountMinor,
          currency: renewal.currency,
          status: 'succeeded',
          provider_ref: renewal.id,
          failure_code: null,
          created_at: now,
          settled_at: now,
        });
        if (inserted) {
          await advancePeriodInTransaction(
            repos,
            sub,
            { id: renewal.id, periodStart: renewal.periodStart, periodEnd: renewal.periodEnd },
            { cancelUrl: cancelLink, domain: d.mailDomain },
            now,
          );
          mailed = true;
        }
      } else if (renewal?.status === 'open' && renewal.attemptCount > 0 && state.status !== 'canceled') {
        if (await repos.subscriptions.markPastDue(sub.id, renewal.attemptCount, now)) {
          await repos.mail.enqueue(
            {
              template: 'renewalFailed',
              locale: sub.locale as Locale,
              to: sub.email,
              dedupeKey: `renewal-failed:${renewal.id}:${renewal.attemptCount}`,
              payload: { ...planTerms(sub, cancelLink), retryAt: renewal.nextAttemptAt },
            },
            now,
            d.mailDomain,
          );
          mailed = true;
        }
      }
      if (state.status === 'canceled') {
        await repos.subscriptions.endIfRunning(sub.id, now);
      } else if (state.cancelAtPeriodEnd) {
        // Cancelled at the processor (its dashboard, say): no further charge here either.
        await repos.subscriptions.cancelRequestedAtProcessor(sub.id, state.currentPeriodEnd, now);
      }
    });
    if (mailed) d.kickMail();
  }

  return {
    summary,

    /**
     * Starts the subscription of a plan's first payment, inside the paid transition's transaction: a trial
     * (trial days at the trial price) or a first period already paid. Returns the row for the e-mail.
     */
    async startInTransaction(
      repos: { subscriptions: SubscriptionRepository },
      p: FirstPayment,
      priced: PricedPlan,
      methodRef: string | null,
      billing: { billedBy: SubscriptionRow['billed_by']; processorRef: string | null },
      now: number,
    ): Promise<SubscriptionRow> {
      const { plan, price } = priced;
      const trial = plan.trial_days > 0 && price.trial_amount_minor !== null;
      const end = trial ? now + plan.trial_days * DAY : addPeriod(now, plan.billing_interval, plan.interval_count);
      const row: SubscriptionRow = {
        id: publicId(),
        order_number: p.order_number,
        exam_id: plan.exam_id,
        plan_id: plan.plan_id,
        first_payment_id: p.id,
        email: p.email,
        locale: p.locale,
        country: p.country,
        currency: price.currency,
        amount_minor: price.amount_minor,
        billing_interval: plan.billing_interval as TBillingInterval,
        interval_count: plan.interval_count,
        provider: p.provider,
        method: p.method,
        method_ref: methodRef,
        billed_by: billing.billedBy,
        processor_ref: billing.processorRef,
        status: trial ? 'trialing' : 'active',
        trial_end_at: trial ? end : null,
        period_no: 0,
        current_period_start: now,
        current_period_end: end,
        reminder_sent_at: null,
        cancel_requested_at: null,
        ended_at: null,
        failed_attempts: 0,
        next_run_at: null,
        locked_until: null,
        created_at: now,
        updated_at: now,
      };
      row.next_run_at = nextRunOf(row, d.reminderMs);
      return repos.subscriptions.insert(row);
    },

    cancelLink: (s: SubscriptionRow, locale: string) => d.links.forSubscription(s, locale),

    syncWithProcessor: (prov: PaymentProvider, ref: string) => syncWithProcessor(prov, ref),

    async forOrder(orderNumber: string): Promise<TSubscriptionSummary | null> {
      const s = await d.repo.latestForOrder(orderNumber);
      return s ? summary(s) : null;
    },

    /**
     * The cancel page by address (issue 13): an address proves nothing, so nothing is cancelled or shown
     * here. Each running subscription of the address gets its signed one-click link, e-mailed to that
     * address; the answer is the same whether or not one exists.
     */
    async checkEmail(email: string, ip: string, hl: Locale | undefined) {
      const address = email.toLowerCase();
      await limited(ip, address);
      await consumeMailBudget(d.db, address, d.clock.now());
      const subs = await d.repo.cancellableForEmail(address);
      if (subs.length > 0) {
        const now = d.clock.now();
        const locale = hl ?? (subs[0]?.locale as Locale | undefined) ?? 'en';
        const payload: TemplatePayload<'cancelLinks'> = {
          subscriptions: subs.map((s) => ({
            planId: s.plan_id,
            cancelUrl: d.links.forSubscription(s, locale),
            accessUntil: s.current_period_end,
          })),
        };
        await d.transact((repos) =>
          repos.mail.enqueue({ template: 'cancelLinks', locale, to: address, payload }, now, d.mailDomain),
        );
        d.kickMail();
      }
      return { sent: true as const };
    },

    /** Cancels the one subscription a signed link names (an e-mail's link: billing e-mails or the cancel page's). */
    async cancel(
      input: { subscriptionId: string; token: string; hl: Locale },
      ip: string,
    ): Promise<{ canceled: number; subscriptions: TSubscriptionSummary[] }> {
      await limited(ip, null);
      const sub = await requireByToken(input.subscriptionId, input.token);
      const before = sub.cancel_requested_at === null && sub.status !== 'canceled';
      const [after] = await cancel([sub], input.hl);
      return { canceled: before ? 1 : 0, subscriptions: after ? [summary(after)] : [] };
    },

    /** The funnel's plan counts (the console). */
    funnelCounts: (from: number, to: number) => d.repo.funnelCounts(from, to),

    /** The console (issue 21): an address's subscriptions with their charges, newest first. */
    async operatorFind(email: string) {
      const subs = await d.repo.forEmail(email.trim().toLowerCase(), 50);
      return Promise.all(subs.map(async (s) => ({ sub: s, charges: await d.repo.chargesOf(s.id) })));
    },

    async operatorGet(subscriptionId: string) {
      const sub = await d.repo.find(subscriptionId);
      if (!sub) throw new AppError('SUBSCRIPTION_NOT_FOUND');
      return { sub, charges: await d.repo.chargesOf(sub.id) };
    },

    /** The console's cancel: as the buyer's own (no further charge, access to the period's end, an e-mail). */
    async operatorCancel(subscriptionId: string): Promise<{ changed: boolean; sub: SubscriptionRow }> {
      const sub = await d.repo.find(subscriptionId);
      if (!sub) throw new AppError('SUBSCRIPTION_NOT_FOUND');
      const changed = sub.cancel_requested_at === null && sub.status !== 'canceled';
      const [after] = await cancel([sub], sub.locale as Locale);
      return { changed, sub: after ?? sub };
    },

    /**
     * The console's refund of one paid renewal through its processor, once however many clicks arrive: the
     * guarded mark decides which call asks the processor (whose refund is idempotent per payment too).
     */
    async operatorRefundCharge(subscriptionId: string, chargeId: string) {
      const charge = await d.repo.findCharge(subscriptionId, chargeId);
      const sub = await d.repo.find(subscriptionId);
      if (!charge || !sub) throw new AppError('SUBSCRIPTION_NOT_FOUND');
      if (charge.status !== 'succeeded' || !charge.provider_ref) throw new AppError('NOT_REFUNDABLE');
      const provider = d.providers.byName(sub.provider);
      if (!provider) throw new AppError('PAYMENT_PROVIDER_ERROR');
      const changed = await d.repo.markChargeRefundPending(charge.id);
      if (changed) {
        try {
          await callProvider(() => provider.refund(charge.provider_ref as string));
        } catch (err) {
          // The processor refused or did not answer: nothing was refunded, so the operator may try again.
          await d.repo.clearChargeRefund(charge.id);
          throw err;
        }
        await d.repo.markChargeRefunded(charge.id, d.clock.now());
      }
      const after = await d.repo.findCharge(subscriptionId, chargeId);
      return { changed, charge: after ?? charge };
    },

    /** The one-click page: the subscription its link names (token checked). */
    async info(subscriptionId: string, token: string): Promise<TSubscriptionSummary> {
      return summary(await requireByToken(subscriptionId, token));
    },
  };
}
export type SubscriptionService = ReturnType<typeof subscriptionService>;
