import type { Locale, TPlan, TPlanId, TSubscriptionSummary } from '@mindgauge/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transact } from '../../db/repositories';
import type { Translator } from '../../i18n/translator';
import type { Clock } from '../../lib/clock';
import type { ReportLinks } from '../../lib/report-links';
import type { SecretKeys } from '../../lib/signed-token';
import type { CatalogService } from '../checkout/catalog-service';
import type { ExamOrders } from '../exam/exam-orders';
import type { PaidTransition } from './paid-transition';
import type { PaymentRepository } from './payment-repository';
import type { PaymentProvider } from './providers/payment-provider';
import type { ProviderRegistry } from './providers/provider-registry';

/** The plans payments sells (the subscriptions module owns them): one plan priced and shown in a language. */
export interface PlanQuotes {
  /** With the order: the plan prices it was first shown (kept per order, decision 0038). */
  quote(
    examId: number,
    planId: TPlanId,
    country: string,
    locale: Locale,
    order: { order_number: string; exam_id: number },
  ): Promise<{ country: string; plan: TPlan }>;
}

/** What payments asks of the subscriptions module (which imports payments, never the other way round). */
export interface SubscriptionsOfOrders {
  forOrder(orderNumber: string): Promise<TSubscriptionSummary | null>;
  /** A processor that bills plans itself sent news of one of its subscriptions (a webhook). */
  syncWithProcessor(prov: PaymentProvider, ref: string): Promise<void>;
}

export interface PaymentDeps {
  repo: PaymentRepository;
  /** Transactions spanning modules (the paid transition) get their repositories from here. */
  transact: Transact;
  /** The exam module owns orders. */
  orders: ExamOrders;
  catalog: CatalogService;
  plans: PlanQuotes;
  subscriptions: SubscriptionsOfOrders;
  /** Announces the paid transition to the modules that react to it (decision 0017). */
  paid: PaidTransition;
  providers: ProviderRegistry;
  clock: Clock;
  translator: Translator;
  publicUrl: string;
  mailDomain: string;
  /** The report links sent by e-mail, with their own expiring token. */
  links: ReportLinks;
  /** Checks e-mailed report links' tokens: an order's address and plan are shown to its owner only. */
  reportLinkSecret: SecretKeys;
  /** Derives payment ids from (order, checkout key): every retry of an attempt names the same payment. */
  paymentIdSecret: string;
  kickMail: () => void;
  log?: FastifyBaseLogger;
}
