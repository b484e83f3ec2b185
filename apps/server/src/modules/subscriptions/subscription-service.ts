import type { Locale, TSubscriptionSummary } from '@mindgauge/contract';
import type { WithTransaction } from '../../db/with-transaction';
import type { Clock } from '../../lib/clock';
import type { PaymentProvider } from '../payments/providers/payment-provider';
import type { ProviderRegistry } from '../payments/providers/provider-registry';
import type { RateLimiter } from '../rate-limit/consume-rate-limit';
import type { CancelLinks } from './cancel-links';
import { cancelByLink, cancelLinkInfo, checkEmail } from './cancel-subscription';
import { operatorCancel, operatorFind, operatorGet, operatorRefundCharge } from './operator-subscriptions';
import type { PricedPlan } from './plan-catalog';
import { syncWithProcessor } from './processor-sync';
import { startInTransaction } from './start-subscription';
import type {
  SubscriptionRepository,
  SubscriptionRow,
  SubscriptionTransactionRepositories,
} from './subscription-repository';
import { summary } from './subscription-summary';

/** The rows the console shows (other modules name them through this service). */
export type { ChargeRow, SubscriptionRow } from './subscription-repository';

export interface SubscriptionDeps {
  repo: SubscriptionRepository;
  /** The subscription's own transactions (a change and the e-mail it causes). */
  transact: WithTransaction<SubscriptionTransactionRepositories>;
  /** Rate limits (the rate-limit module's service). */
  limits: RateLimiter;
  providers: ProviderRegistry;
  clock: Clock;
  links: CancelLinks;
  mailDomain: string;
  kickMail: () => void;
  /** Lead time of the reminder before a trial converts. */
  reminderMs: number;
}

/** The first payment of a plan, as the subscription needs it. */
export interface FirstPayment {
  id: string;
  order_number: string;
  email: string;
  locale: string;
  /** The landing variant the order came from ('' for none), kept on the plan for the funnel. */
  landing_variant: string;
  country: string;
  currency: string;
  provider: SubscriptionRow['provider'];
  method: SubscriptionRow['method'];
}

export { CANCEL_RULES } from './cancel-subscription';
export { advancePeriodInTransaction, nextRunOf, planTerms } from './subscription-periods';

/**
 * A plan's subscription: started by the paid transition, read by the pages, cancelled by a signed link,
 * followed at a processor that bills it. Each operation is its own module; this composes them.
 */
export function subscriptionService(d: SubscriptionDeps) {
  return {
    summary,
    startInTransaction: (
      repos: { subscriptions: SubscriptionRepository },
      p: FirstPayment,
      priced: PricedPlan,
      methodRef: string | null,
      billing: { billedBy: SubscriptionRow['billed_by']; processorRef: string | null },
      now: number,
    ) => startInTransaction(d.reminderMs, repos, p, priced, methodRef, billing, now),
    cancelLink: (s: SubscriptionRow, locale: string) => d.links.forSubscription(s, locale),
    syncWithProcessor: (prov: PaymentProvider, ref: string) => syncWithProcessor(d, prov, ref),
    async forOrder(orderNumber: string): Promise<TSubscriptionSummary | null> {
      const s = await d.repo.latestForOrder(orderNumber);
      return s ? summary(s) : null;
    },
    checkEmail: (email: string, ip: string, hl: Locale | undefined) => checkEmail(d, email, ip, hl),
    cancel: (input: { subscriptionId: string; token: string; hl: Locale }, ip: string) => cancelByLink(d, input, ip),
    info: (subscriptionId: string, token: string) => cancelLinkInfo(d, subscriptionId, token),
    /** The funnel's plan counts (the console). */
    funnelCounts: (from: number, to: number) => d.repo.funnelCounts(from, to),
    operatorFind: (email: string) => operatorFind(d, email),
    operatorGet: (subscriptionId: string) => operatorGet(d, subscriptionId),
    operatorCancel: (subscriptionId: string) => operatorCancel(d, subscriptionId),
    operatorRefundCharge: (subscriptionId: string, chargeId: string) =>
      operatorRefundCharge(d, subscriptionId, chargeId),
  };
}
export type SubscriptionService = ReturnType<typeof subscriptionService>;
