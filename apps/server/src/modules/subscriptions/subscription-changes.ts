import type { SubscriptionRepository, SubscriptionRow } from './subscription-repository';

/** A subscription as other modules read it (the subscriptions module owns the table, decision 0016). */
export type Subscription = SubscriptionRow;

/** The guarded changes of a subscription the extras make (skip the trial, switch plans): of two, one applies. */
export type SubscriptionChanges = Pick<
  SubscriptionRepository,
  'latestForOrder' | 'updateIfUnchanged' | 'updateTermsIfPlan'
>;

/** Built from the module's repository: only these operations leave it. */
export function subscriptionChanges(repo: SubscriptionRepository): SubscriptionChanges {
  return {
    latestForOrder: (...args) => repo.latestForOrder(...args),
    updateIfUnchanged: (...args) => repo.updateIfUnchanged(...args),
    updateTermsIfPlan: (...args) => repo.updateTermsIfPlan(...args),
  };
}
