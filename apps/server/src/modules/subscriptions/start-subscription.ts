import { addPeriod, type TBillingInterval } from '@mindgauge/contract';
import { publicId } from '../../lib/ids';
import type { PricedPlan } from './plan-catalog';
import { nextRunOf } from './subscription-periods';
import type { SubscriptionRepository, SubscriptionRow } from './subscription-repository';
import type { FirstPayment } from './subscription-service';

const DAY = 86_400_000;

/**
 * Starts the subscription of a plan's first payment, inside the paid transition's transaction: a trial
 * (trial days at the trial price) or a first period already paid. Returns the row for the e-mail.
 */
export async function startInTransaction(
  reminderMs: number,
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
    landing_variant: p.landing_variant,
  };
  row.next_run_at = nextRunOf(row, reminderMs);
  return repos.subscriptions.insert(row);
}
