import type { TPlanId, TSubscriptionSummary } from '@mindgauge/contract';
import type { SubscriptionRow } from './subscription-repository';

const iso = (ms: number) => new Date(ms).toISOString();

/** A subscription as the pages show it: its terms, state, next charge and how long access lasts. */
export function summary(s: SubscriptionRow): TSubscriptionSummary {
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
