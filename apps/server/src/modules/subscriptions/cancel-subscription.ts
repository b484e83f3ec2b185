import type { Locale, TSubscriptionSummary } from '@mindgauge/contract';
import { AppError } from '../../lib/app-error';
import { consumeMailBudget } from '../mail/mail-budget';
import type { TemplatePayload } from '../mail/templates';
import { callProvider } from '../payments/providers/call-provider';
import type { SubscriptionRow } from './subscription-repository';
import type { SubscriptionDeps } from './subscription-service';
import { summary } from './subscription-summary';

const HOUR = 3_600_000;

/** Cancelling by address e-mails that address: limited per client and per address. */
export const CANCEL_RULES = {
  client: { name: 'unsubscribe:ip', max: 20, windowMs: HOUR },
  address: { name: 'unsubscribe:email', max: 5, windowMs: HOUR },
};

/** Cancels: nothing more is charged, access lasts to the end of the paid period; confirmed by e-mail. */
export async function cancelAll(d: SubscriptionDeps, subs: SubscriptionRow[], hl: Locale): Promise<SubscriptionRow[]> {
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

async function limited(d: SubscriptionDeps, ip: string, email: string | null): Promise<void> {
  const now = d.clock.now();
  await d.limits.consume(CANCEL_RULES.client, ip, now);
  if (email) await d.limits.consume(CANCEL_RULES.address, email, now);
}

async function requireByToken(d: SubscriptionDeps, subscriptionId: string, token: string): Promise<SubscriptionRow> {
  if (!d.links.verify(subscriptionId, token)) throw new AppError('CANCEL_LINK_INVALID');
  const sub = await d.repo.find(subscriptionId);
  if (!sub) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  return sub;
}

/**
 * The cancel page by address (issue 13): an address proves nothing, so nothing is cancelled or shown
 * here. Each running subscription of the address gets its signed one-click link, e-mailed to that
 * address; the answer is the same whether or not one exists.
 */
export async function checkEmail(d: SubscriptionDeps, email: string, ip: string, hl: Locale | undefined) {
  const address = email.toLowerCase();
  await limited(d, ip, address);
  await consumeMailBudget(d.limits, address, d.clock.now());
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
}

/** Cancels the one subscription a signed link names (an e-mail's link: billing e-mails or the cancel page's). */
export async function cancelByLink(
  d: SubscriptionDeps,
  input: { subscriptionId: string; token: string; hl: Locale },
  ip: string,
): Promise<{ canceled: number; subscriptions: TSubscriptionSummary[] }> {
  await limited(d, ip, null);
  const sub = await requireByToken(d, input.subscriptionId, input.token);
  const before = sub.cancel_requested_at === null && sub.status !== 'canceled';
  const [after] = await cancelAll(d, [sub], input.hl);
  return { canceled: before ? 1 : 0, subscriptions: after ? [summary(after)] : [] };
}

/** The one-click page: the subscription its link names (token checked). */
export async function cancelLinkInfo(
  d: SubscriptionDeps,
  subscriptionId: string,
  token: string,
): Promise<TSubscriptionSummary> {
  return summary(await requireByToken(d, subscriptionId, token));
}
