import { firstRenewalAt, formatMoney, type Locale, type TPlan } from '@mindgauge/contract';
import type { TFunction } from 'i18next';
import { formatDate } from '../i18n/format-date';

/** The version of the disclosure wording below; stored with the consent of every plan checkout. */
export const PLAN_DISCLOSURE_VERSION = '1';

/** The translator of the checkout screens (checkout first, then common). */
type CheckoutT = TFunction<readonly ['checkout', 'common']>;

type Plannish = Pick<TPlan, 'interval' | 'intervalCount'> & { price: { amount: number; currency: string } };

/** "$19.99 every week": the words of the pay button's disclosure, the e-mails and the plan cards. */
export function billedPhrase(t: CheckoutT, plan: Plannish): string {
  return t('common:billing.amountEvery', {
    amount: formatMoney(plan.price.amount, plan.price.currency),
    every:
      plan.intervalCount === 1
        ? t(`common:billing.every.${plan.interval}`)
        : t(`common:billing.everyN.${plan.interval}`, { count: plan.intervalCount }),
  });
}

/**
 * What is charged today, what after (and from when), until cancelled: stated next to every pay button of a
 * plan, in the words the server's e-mails use.
 */
export function planDisclosure(t: CheckoutT, plan: TPlan, locale: Locale, now: number): string {
  const today = formatMoney(plan.price.todayAmount, plan.price.currency);
  const date = formatDate(firstRenewalAt(plan, now), locale);
  const billed = billedPhrase(t, plan);
  return plan.trialDays > 0
    ? t('plans.disclosureTrial', { today, days: plan.trialDays, billed, date })
    : t('plans.disclosure', { today, billed, date });
}
