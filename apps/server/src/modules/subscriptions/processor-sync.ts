import type { Locale } from '@mindgauge/contract';
import type { PaymentProvider } from '../payments/providers/payment-provider';
import { advancePeriodInTransaction, planTerms } from './subscription-periods';
import type { SubscriptionDeps } from './subscription-service';

/**
 * Follows a processor that bills the plan itself (Stripe Billing): asked for its current state (never an
 * event's copy), a paid renewal invoice advances the period once (its invoice id is the charge's id) with a
 * receipt; a failed one marks the plan past due with a notice; an ended subscription ends ours.
 */
export async function syncWithProcessor(d: SubscriptionDeps, prov: PaymentProvider, ref: string): Promise<void> {
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
