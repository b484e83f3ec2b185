import type { Locale } from '@mindgauge/contract';
import { AppError } from '../../lib/app-error';
import { callProvider } from '../payments/providers/call-provider';
import { cancelAll } from './cancel-subscription';
import type { SubscriptionRow } from './subscription-repository';
import type { SubscriptionDeps } from './subscription-service';

/** The console (issue 21): an address's subscriptions with their charges, newest first. */
export async function operatorFind(d: SubscriptionDeps, email: string) {
  const subs = await d.repo.forEmail(email.trim().toLowerCase(), 50);
  return Promise.all(subs.map(async (s) => ({ sub: s, charges: await d.repo.chargesOf(s.id) })));
}

export async function operatorGet(d: SubscriptionDeps, subscriptionId: string) {
  const sub = await d.repo.find(subscriptionId);
  if (!sub) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  return { sub, charges: await d.repo.chargesOf(sub.id) };
}

/** The console's cancel: as the buyer's own (no further charge, access to the period's end, an e-mail). */
export async function operatorCancel(
  d: SubscriptionDeps,
  subscriptionId: string,
): Promise<{ changed: boolean; sub: SubscriptionRow }> {
  const sub = await d.repo.find(subscriptionId);
  if (!sub) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  const changed = sub.cancel_requested_at === null && sub.status !== 'canceled';
  const [after] = await cancelAll(d, [sub], sub.locale as Locale);
  return { changed, sub: after ?? sub };
}

/**
 * The console's refund of one paid renewal through its processor, once however many clicks arrive: the guarded
 * mark decides which call asks the processor (whose refund is idempotent per payment too).
 */
export async function operatorRefundCharge(d: SubscriptionDeps, subscriptionId: string, chargeId: string) {
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
}
