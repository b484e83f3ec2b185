import type { TPlanId } from '@mindgauge/contract';
import type { PaidReaction } from '../payments/paid-transition';
import type { PlanCatalog, PricedPlan } from './plan-catalog';
import { planTerms, type SubscriptionService } from './subscription-service';

/**
 * The subscriptions module's reaction to an order paid by a plan's first payment (decision 0017): the
 * subscription starts in the paid transaction (a trial, or a first period already paid), at the terms the
 * visitor agreed to, and the report e-mail states them with the cancel link.
 */
export function startSubscriptionOnPaid(d: {
  plans: PlanCatalog;
  subscriptions: SubscriptionService;
}): PaidReaction<'orderPaid', PricedPlan | null> {
  return {
    // Before the transaction: a plan's price row (cached) is not worth holding a write lock for. The order's
    // kept plan prices (decision 0038): an operator's change after the plan was shown does not reach it.
    async prepare({ payment, order }) {
      if (!payment.plan_id) return null;
      return (await d.plans.plan(order.exam_id, payment.plan_id as TPlanId, payment.country, order)).item;
    },
    async inTransaction(e, repos, item) {
      if (!item) return undefined;
      // The recurring amount shown next to the button (checked against the price when the payment was
      // created, and stored with the consent) is the one agreed.
      const amount = e.agreedRecurringAmount ?? item.price.amount_minor;
      const plan = { ...item, price: { ...item.price, amount_minor: amount } };
      const sub = await d.subscriptions.startInTransaction(repos, e.payment, plan, e.savedMethodRef, e.billing, e.now);
      return {
        subscription: {
          ...planTerms(sub, d.subscriptions.cancelLink(sub, e.payment.locale)),
          trialEndsAt: sub.trial_end_at,
          nextChargeAt: sub.current_period_end,
        },
      };
    },
  };
}
