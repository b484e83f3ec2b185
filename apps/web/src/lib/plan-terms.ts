import {
  billedPhrase as billedWords,
  planDisclosure as disclosureWords,
  type Locale,
  type TPlan,
  type TranslateFn,
} from '@mindgauge/contract';
import type { TFunction } from 'i18next';
import { formatDate } from '../i18n/format-date';

/** The translator of the checkout screens (checkout first, then common). */
type CheckoutT = TFunction<readonly ['checkout', 'common']>;

type Plannish = Pick<TPlan, 'interval' | 'intervalCount'> & { price: { amount: number; currency: string } };

/** The screens' typed `t` as the contract's plain translate function (its keys are fully qualified). */
const plain = (t: CheckoutT): TranslateFn => t as unknown as TranslateFn;

/** "$19.99 every week": the contract's wording, shared with the server's e-mails. */
export function billedPhrase(t: CheckoutT, plan: Plannish): string {
  return billedWords(plain(t), {
    amountMinor: plan.price.amount,
    currency: plan.price.currency,
    interval: plan.interval,
    intervalCount: plan.intervalCount,
  });
}

/**
 * What is charged today, what after (and from when), until cancelled: stated next to every pay button of a
 * plan, from the contract's wording (whose version the consent carries) and the server's prices.
 */
export function planDisclosure(t: CheckoutT, plan: TPlan, locale: Locale, now: number): string {
  return disclosureWords(
    plain(t),
    {
      amountMinor: plan.price.amount,
      todayAmountMinor: plan.price.todayAmount,
      currency: plan.price.currency,
      interval: plan.interval,
      intervalCount: plan.intervalCount,
      trialDays: plan.trialDays,
    },
    now,
    (ms) => formatDate(ms, locale),
  );
}
