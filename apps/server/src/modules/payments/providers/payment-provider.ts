import type { TNextAction, TPaymentMethod } from '@mindgauge/contract';

/**
 * One interface for every processor: the sandbox (default, runs in-process with test cards), Stripe
 * (PaymentIntents) and PayPal (Orders v2). Amounts are always our minor units (÷100 to show, JPY 780 is
 * 78000); each adapter converts to its processor's own units.
 */
export type ProviderName = 'sandbox' | 'stripe' | 'paypal';

/** The processor's view of a payment, mapped to ours. `approved` = PayPal approved, not yet captured. */
export type ProviderStatus = 'requires_action' | 'processing' | 'approved' | 'succeeded' | 'failed' | 'canceled';

export interface CreateChargeInput {
  /** Our payment id: also the idempotency key, so a retried create returns the same processor object. */
  paymentId: string;
  orderNumber: string;
  method: TPaymentMethod;
  amountMinor: number;
  currency: string;
  email: string;
  /** Shown on the processor's pages and statements. */
  description: string;
  locale: string;
  /** Where the processor sends the visitor back (PayPal approve / cancel). */
  returnUrl: string;
  cancelUrl: string;
  /** The payer agreed to later charges (a plan's renewals): the processor keeps the method for them. */
  saveMethod?: boolean;
  /**
   * Set for a plan's first payment. Processors that bill plans themselves (`billsRecurring`) start their own
   * subscription with these terms; the payment is then its first invoice (the trial's price or first period).
   */
  recurring?: RecurringTerms;
}

export interface RecurringTerms {
  planId: string;
  title: string;
  amountMinor: number;
  interval: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
  intervalCount: number;
  trialDays: number;
}

/** A processor's subscription as it stands (Stripe Billing): our records follow it, never an event's copy. */
export interface ProcessorSubscriptionState {
  ref: string;
  status: 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled';
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  latestInvoice: {
    id: string;
    status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
    /** subscription_create (the first payment, settled like any checkout), subscription_cycle (a renewal)... */
    billingReason: string;
    amountMinor: number;
    currency: string;
    attemptCount: number;
    nextAttemptAt: number | null;
    periodStart: number;
    periodEnd: number;
  } | null;
}

/** A charge the merchant starts without the payer present: a plan's renewal on the saved method. */
export interface SavedChargeInput {
  methodRef: string;
  /** One per renewal attempt: two instances (or a retry) asking twice make one charge. */
  idempotencyKey: string;
  amountMinor: number;
  currency: string;
  description: string;
  locale: string;
}

export interface ProviderCharge {
  /** The processor's id: PaymentIntent id, PayPal order id, sandbox payment id. Unique per processor. */
  ref: string;
  /** The processor's subscription this payment starts (processors that bill plans themselves). */
  subscriptionRef?: string;
  status: ProviderStatus;
  /** What the browser does next; rebuilt from the processor on a repeated call. */
  next: TNextAction;
}

export interface ProviderPaymentState {
  ref: string;
  status: ProviderStatus;
  amountMinor: number;
  currency: string;
  /** card_declined, insufficient_funds, authentication_failed, canceled... when failed or canceled. */
  failureCode: string | null;
  /** The method kept for later charges, when the payment asked for it and succeeded. */
  savedMethodRef?: string | null;
  /** How the kept method is shown to its owner ("visa •••• 4242", "PayPal"). */
  savedMethodLabel?: string | null;
}

/** A verified processor event, reduced to what we act on: which payment it concerns. */
export interface ProviderEvent {
  /** The processor's event id: stored with a unique constraint, so a replay is recognised. */
  eventId: string;
  type: string;
  /** The payment it concerns (null for event types we do not act on). */
  ref: string | null;
  /** The processor's subscription it concerns (invoices, subscription changes), if any. */
  subscriptionRef?: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCharge(input: CreateChargeInput): Promise<ProviderCharge>;
  /** The next action for an existing charge (a repeated create call, a reload of the payment page). */
  resume(ref: string, input: CreateChargeInput): Promise<ProviderCharge>;
  /** The processor's current truth about a payment: webhooks and status checks both act on this. */
  retrieve(ref: string): Promise<ProviderPaymentState>;
  /** Captures an approved payment (PayPal); idempotent. Others return the state unchanged. */
  capture(ref: string): Promise<ProviderPaymentState>;
  /** Refunds a payment in full (a second payment for an already paid order); idempotent per ref. */
  refund(ref: string): Promise<void>;
  /**
   * Charges a saved method now (renewals): settles at once, succeeded or failed. Absent for processors
   * whose recurring billing we do not drive ourselves.
   */
  chargeSaved?(input: SavedChargeInput): Promise<ProviderPaymentState>;
  /** Whether this processor bills plans itself (Stripe Billing); our scheduler then only reminds and mirrors. */
  readonly billsRecurring?: boolean;
  retrieveSubscription?(ref: string): Promise<ProcessorSubscriptionState>;
  /** Stops the processor's subscription at the end of the paid period; idempotent. */
  cancelSubscription?(ref: string): Promise<void>;
  /**
   * Bills a subscription now: its trial ends today, or it moves to other terms (the daily-rate plan) with a
   * new period starting today. The processor's invoice then arrives by webhook like a renewal.
   */
  billSubscriptionNow?(ref: string, terms?: RecurringTerms & { currency: string }): Promise<void>;
  /** Verifies a webhook's signature over the raw body; throws WebhookSignatureError when it fails. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent>;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'webhook signature verification failed') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Thrown when the processor cannot be reached or answers with an error we cannot act on. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/**
 * Stripe counts these currencies in whole units (no cents); PayPal does not accept decimals for JPY, TWD and
 * HUF. Our amounts are always ×100, so adapters divide for these.
 */
export const STRIPE_ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
export const PAYPAL_NO_DECIMAL = new Set(['JPY', 'TWD', 'HUF']);
