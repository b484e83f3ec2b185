import type { TBillingInterval } from './api/checkout';
import { firstRenewalAt } from './billing';
import { formatMoney } from './money';

/**
 * The version of the plan disclosure's wording (`checkout:plans.disclosure*` below). The web sends it with the
 * consent of every plan checkout and the server accepts only this one, so a stored consent always names the
 * words that were shown. Change it whenever those words change.
 */
export const PLAN_DISCLOSURE_VERSION = '1';

/** A translation function over fully qualified keys (`namespace:key`): i18next's `t` or the server's. */
export type TranslateFn = (key: string, values?: Record<string, unknown>) => string;

/** A plan's recurring terms: its full price and how often it is charged. */
export interface BilledTerms {
  amountMinor: number;
  currency: string;
  interval: TBillingInterval;
  intervalCount: number;
}

/**
 * "$19.99 every week": the words of the pay button's disclosure, the plan cards and the billing e-mails (one
 * source for the web and the server). "every week", never "every 1 week": languages without a singular form
 * would never pick an `_one` key; never "monthly" for 4 weeks.
 */
export function billedPhrase(t: TranslateFn, p: BilledTerms): string {
  return t('common:billing.amountEvery', {
    amount: formatMoney(p.amountMinor, p.currency),
    every:
      p.intervalCount === 1
        ? t(`common:billing.every.${p.interval}`)
        : t(`common:billing.everyN.${p.interval}`, { count: p.intervalCount }),
  });
}

/** A plan as the disclosure states it: what is charged today, then its recurring terms. */
export interface DisclosedPlan extends BilledTerms {
  todayAmountMinor: number;
  trialDays: number;
}

/**
 * The disclosure next to every pay button of a plan (version `PLAN_DISCLOSURE_VERSION`): what is charged
 * today, what after and from when (`formatDate` of the first renewal, taken at `start`), until cancelled.
 */
export function planDisclosure(
  t: TranslateFn,
  plan: DisclosedPlan,
  start: number,
  formatDate: (ms: number) => string,
): string {
  const today = formatMoney(plan.todayAmountMinor, plan.currency);
  const date = formatDate(firstRenewalAt(plan, start));
  const billed = billedPhrase(t, plan);
  return plan.trialDays > 0
    ? t('checkout:plans.disclosureTrial', { today, days: plan.trialDays, billed, date })
    : t('checkout:plans.disclosure', { today, billed, date });
}
