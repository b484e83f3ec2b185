import type { Locale, TPlanId } from '@mindgauge/contract';
import { AppError } from '../../lib/app-error';
import type { Order as OrderRow } from '../exam/exam-orders';
import type { ReportAccess } from '../exam/report-access';
import { callProvider } from '../payments/providers/call-provider';
import type { Subscription as SubscriptionRow } from '../subscriptions/subscription-changes';
import type { ExtrasAccess, ExtrasDeps } from './extras-service';
import { oneClick } from './one-click';

/**
 * The same at a processor that bills the plan itself (Stripe Billing): it ends the trial or changes the
 * terms and invoices now; its invoice webhook then moves our period, like a renewal.
 */
async function billAtProcessor(d: ExtrasDeps, order: OrderRow, sub: SubscriptionRow, planId: TPlanId) {
  const prov = d.providers.byName(sub.provider);
  const bill = prov?.billSubscriptionNow?.bind(prov);
  if (!bill || !sub.processor_ref) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
  const ref = sub.processor_ref;
  if (planId === sub.plan_id) {
    if (sub.status !== 'trialing') throw new AppError('TRIAL_NOT_ACTIVE');
    await callProvider(() => bill(ref));
  } else if (planId === 'fourweekly') {
    const { item } = await d.plans.plan(order.exam_id, 'fourweekly', sub.country, order);
    await callProvider(() =>
      bill(ref, {
        planId,
        title: d.translator.t(sub.locale as Locale, 'catalog:plans.fourweekly.title'),
        amountMinor: item.price.amount_minor,
        interval: item.plan.billing_interval,
        intervalCount: item.plan.interval_count,
        trialDays: 0,
        currency: sub.currency,
      }),
    );
    const now = d.clock.now();
    await d.subscriptionRows.updateTermsIfPlan(sub, {
      plan_id: 'fourweekly',
      amount_minor: item.price.amount_minor,
      billing_interval: item.plan.billing_interval,
      interval_count: item.plan.interval_count,
      updated_at: now,
    });
  } else {
    throw new AppError('PLAN_NOT_FOUND');
  }
  const fresh = await d.subscriptions.forOrder(order.order_number);
  if (!fresh) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  return { subscription: fresh };
}

/**
 * Skips the weekly trial (the plan's price now) or moves to the daily-rate plan (its price now), with the
 * kept method. The period is ended now by a guarded update, so a double click charges once.
 */
export async function changePlan(
  d: ExtrasDeps,
  access: ExtrasAccess,
  orderNumber: string,
  planId: TPlanId,
  a: ReportAccess,
) {
  const { order } = await access(orderNumber, a);
  // Charged on the kept method at once: only in the browser that paid (decision 0018).
  if (!oneClick(order, a)) throw new AppError('ONE_CLICK_NOT_ALLOWED');
  const sub = await d.subscriptionRows.latestForOrder(order.order_number);
  if (!sub || sub.status === 'canceled' || sub.cancel_requested_at !== null) {
    throw new AppError('SUBSCRIPTION_NOT_FOUND');
  }
  if (sub.billed_by === 'processor') return billAtProcessor(d, order, sub, planId);
  const now = d.clock.now();
  if (planId === sub.plan_id) {
    if (sub.status !== 'trialing') throw new AppError('TRIAL_NOT_ACTIVE');
    await d.subscriptionRows.updateIfUnchanged(
      sub,
      { current_period_end: now, trial_end_at: now, next_run_at: now, updated_at: now },
      'trialing',
    );
  } else if (planId === 'fourweekly') {
    const { item } = await d.plans.plan(order.exam_id, 'fourweekly', sub.country, order);
    await d.subscriptionRows.updateIfUnchanged(sub, {
      plan_id: 'fourweekly',
      amount_minor: item.price.amount_minor,
      billing_interval: item.plan.billing_interval,
      interval_count: item.plan.interval_count,
      current_period_end: now,
      trial_end_at: sub.status === 'trialing' ? now : sub.trial_end_at,
      next_run_at: now,
      updated_at: now,
    });
  } else {
    throw new AppError('PLAN_NOT_FOUND');
  }
  await d.scheduler.runFor(sub.id);
  const fresh = await d.subscriptions.forOrder(order.order_number);
  if (!fresh) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  return { subscription: fresh };
}
