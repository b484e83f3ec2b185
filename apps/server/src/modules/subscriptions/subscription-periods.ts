import type { Locale } from '@mindgauge/contract';
import type { SubscriptionRow, SubscriptionTransactionRepositories } from './subscription-repository';

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
