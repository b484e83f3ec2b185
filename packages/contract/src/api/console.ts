import { defineEndpoint } from '../endpoint';
import { ZEmail, ZIsoDate, ZIsoDateTime } from '../fields';
import { ZIdParam } from '../scope';
import { describe, z } from '../zod';
import { ZReview } from './checkout';

/**
 * The operator's console (issue 21): every call needs an account with the operator role whose sign-in session
 * has passed the second factor (TOTP). A user without the role gets 403 on every one of them.
 */
const tags = ['console'];

/** A 6-digit code from the operator's authenticator app. */
export const ZTotpCode = describe(
  z.string().check(
    z.trim(),
    z.refine((v) => /^\d{6}$/.test(v), { message: 'Invalid code', params: { errorCode: 'TOTP_INVALID' } }),
  ),
  'The 6-digit code of the authenticator app',
);

/** Where the operator stands with the second factor: set it up, enter a code, or done. */
export const ZSecondFactor = z.enum(['enrol', 'verify', 'ok']);

export const consoleMe = defineEndpoint({
  id: 'consoleMe',
  method: 'GET',
  base: 'api',
  path: '/console/me',
  summary: "The signed-in operator and the state of this browser's second factor",
  tags,
  response: z.object({ email: ZEmail, role: z.literal('operator'), secondFactor: ZSecondFactor }),
});

export const consoleTotpEnrol = defineEndpoint({
  id: 'consoleTotpEnrol',
  method: 'POST',
  base: 'api',
  path: '/console/totp/enrol',
  summary: 'Starts the second factor: a new secret, shown once (its otpauth URI and QR code)',
  tags,
  response: z.object({
    secret: z.string(),
    uri: z.string(),
    /** The QR code of the URI as rows of dark (true) and light modules. */
    qr: z.array(z.array(z.boolean())),
  }),
});

export const consoleTotpVerify = defineEndpoint({
  id: 'consoleTotpVerify',
  method: 'POST',
  base: 'api',
  path: '/console/totp/verify',
  summary: 'Checks a code: the first confirms the enrolment; each one opens the console for this sign-in',
  tags,
  body: z.object({ code: ZTotpCode }),
  response: z.object({ verified: z.literal(true) }),
});

export const ZAuditEntry = z.object({
  id: z.number(),
  at: ZIsoDateTime,
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const consoleAudit = defineEndpoint({
  id: 'consoleAudit',
  method: 'GET',
  base: 'api',
  path: '/console/audit',
  summary: 'The audit log, newest first (append-only)',
  tags,
  query: z.object({ before: z.optional(ZIdParam) }),
  response: z.object({ entries: z.array(ZAuditEntry), more: z.boolean() }),
});

export const ZConsoleOrderRow = z.object({
  orderNumber: z.string(),
  examId: z.number(),
  status: z.enum(['pending_payment', 'paid', 'refunded']),
  email: z.nullable(z.string()),
  skuId: z.nullable(z.string()),
  amountMinor: z.nullable(z.number()),
  currency: z.nullable(z.string()),
  createdAt: ZIsoDateTime,
  paidAt: z.nullable(ZIsoDateTime),
});
export type TConsoleOrderRow = z.infer<typeof ZConsoleOrderRow>;

export const consoleOrders = defineEndpoint({
  id: 'consoleOrders',
  method: 'GET',
  base: 'api',
  path: '/console/orders',
  summary: 'Finds orders by order number, e-mail (exact or part) or creation date (UTC days), newest first',
  tags,
  query: z.object({
    q: z.optional(z.string().check(z.trim(), z.maxLength(200))),
    from: z.optional(ZIsoDate),
    to: z.optional(ZIsoDate),
  }),
  response: z.object({ orders: z.array(ZConsoleOrderRow), more: z.boolean() }),
});

const ZStoryPayment = z.object({
  id: z.string(),
  provider: z.string(),
  method: z.string(),
  status: z.string(),
  refundStatus: z.nullable(z.string()),
  amountMinor: z.number(),
  currency: z.string(),
  purpose: z.string(),
  createdAt: ZIsoDateTime,
  settledAt: z.nullable(ZIsoDateTime),
});
const ZStoryMail = z.object({
  id: z.number(),
  template: z.string(),
  to: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: ZIsoDateTime,
  sentAt: z.nullable(ZIsoDateTime),
});
export type TStoryMail = z.infer<typeof ZStoryMail>;

export const consoleOrder = defineEndpoint({
  id: 'consoleOrder',
  method: 'GET',
  base: 'api',
  path: '/console/orders/:orderNumber',
  summary: "An order's whole story: the test, its result, payments, processor events, e-mails, extras",
  tags,
  params: z.object({ orderNumber: z.string().check(z.maxLength(64)) }),
  response: z.object({
    order: ZConsoleOrderRow,
    locale: z.string(),
    session: z.object({
      startedAt: z.nullable(ZIsoDateTime),
      finishedAt: z.nullable(ZIsoDateTime),
      outcome: z.nullable(z.string()),
      iq: z.nullable(z.number()),
      country: z.nullable(z.string()),
    }),
    entitlements: z.array(z.string()),
    payments: z.array(ZStoryPayment),
    events: z.array(z.object({ provider: z.string(), type: z.string(), receivedAt: ZIsoDateTime })),
    mails: z.array(ZStoryMail),
    audit: z.array(ZAuditEntry),
  }),
});

export const consoleRefund = defineEndpoint({
  id: 'consoleRefund',
  method: 'POST',
  base: 'api',
  path: '/console/orders/:orderNumber/refund',
  summary:
    "Refunds the order's payment through its processor, once however often asked; the report closes or stays open",
  tags,
  params: z.object({ orderNumber: z.string().check(z.maxLength(64)) }),
  body: z.object({ revokeAccess: z.boolean() }),
  response: z.object({
    refund: z.enum(['refunded', 'pending']),
    orderStatus: z.enum(['pending_payment', 'paid', 'refunded']),
    /** False when an earlier click already refunded it (nothing new happened). */
    changed: z.boolean(),
  }),
});

export const consoleResendReport = defineEndpoint({
  id: 'consoleResendReport',
  method: 'POST',
  base: 'api',
  path: '/console/orders/:orderNumber/resend',
  summary: "Sends the report e-mail again to the order's address",
  tags,
  params: z.object({ orderNumber: z.string().check(z.maxLength(64)) }),
  response: z.object({ queued: z.literal(true) }),
});

export const ZConsolePromo = z.object({
  code: z.string(),
  percentOff: z.number(),
  startsAt: z.nullable(ZIsoDateTime),
  expiresAt: z.nullable(ZIsoDateTime),
  maxRedemptions: z.nullable(z.number()),
  redemptions: z.number(),
  active: z.boolean(),
  demo: z.boolean(),
});
export type TConsolePromo = z.infer<typeof ZConsolePromo>;

/** A new promo code: what a visitor may type (letters, digits, dash, underscore), stored upper-case. */
export const ZPromoCodeText = describe(
  z.pipe(
    z.string().check(
      z.trim(),
      z.refine((v) => /^[A-Za-z0-9_-]{3,32}$/.test(v), {
        message: 'Invalid promo code',
        params: { errorCode: 'PROMO_CODE_FORMAT' },
      }),
    ),
    z.transform((c: string) => c.toUpperCase()),
  ),
  'A promo code: 3 to 32 letters, digits, dashes or underscores',
);

export const consolePromoList = defineEndpoint({
  id: 'consolePromoList',
  method: 'GET',
  base: 'api',
  path: '/console/promo-codes',
  summary: 'Every promo code with its use',
  tags,
  response: z.object({ codes: z.array(ZConsolePromo) }),
});

export const consolePromoCreate = defineEndpoint({
  id: 'consolePromoCreate',
  method: 'POST',
  base: 'api',
  path: '/console/promo-codes',
  summary: 'Creates a promo code; it applies to orders paid from now on',
  tags,
  body: z.object({
    code: ZPromoCodeText,
    percentOff: z.int().check(z.gte(1), z.lte(90)),
    expiresAt: z.optional(z.nullable(ZIsoDate)),
    maxRedemptions: z.optional(z.nullable(z.int().check(z.positive()))),
  }),
  response: ZConsolePromo,
});

export const consolePromoExpire = defineEndpoint({
  id: 'consolePromoExpire',
  method: 'POST',
  base: 'api',
  path: '/console/promo-codes/:code/expire',
  summary: 'Ends a promo code now',
  tags,
  params: z.object({ code: z.string().check(z.maxLength(32)) }),
  response: ZConsolePromo,
});

export const ZConsoleTicket = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  topic: z.string(),
  message: z.string(),
  orderNumber: z.nullable(z.string()),
  locale: z.string(),
  status: z.enum(['open', 'done']),
  /** A VIP member's ticket: answered first (the membership's priority support). */
  priority: z.boolean(),
  createdAt: ZIsoDateTime,
  replies: z.array(z.object({ by: z.string(), message: z.string(), at: ZIsoDateTime })),
});
export type TConsoleTicket = z.infer<typeof ZConsoleTicket>;

export const consoleTickets = defineEndpoint({
  id: 'consoleTickets',
  method: 'GET',
  base: 'api',
  path: '/console/tickets',
  summary: 'Support tickets, open ones first by default',
  tags,
  query: z.object({ status: z.optional(z.enum(['open', 'done', 'all'])) }),
  response: z.object({ tickets: z.array(ZConsoleTicket) }),
});

export const consoleTicketReply = defineEndpoint({
  id: 'consoleTicketReply',
  method: 'POST',
  base: 'api',
  path: '/console/tickets/:id/reply',
  summary: 'E-mails a reply to the person who wrote the ticket',
  tags,
  params: z.object({ id: z.string().check(z.maxLength(64)) }),
  body: z.object({ message: z.string().check(z.trim(), z.minLength(1), z.maxLength(5000)) }),
  response: ZConsoleTicket,
});

export const consoleTicketDone = defineEndpoint({
  id: 'consoleTicketDone',
  method: 'POST',
  base: 'api',
  path: '/console/tickets/:id/done',
  summary: 'Marks a ticket done',
  tags,
  params: z.object({ id: z.string().check(z.maxLength(64)) }),
  response: ZConsoleTicket,
});

export const consoleMail = defineEndpoint({
  id: 'consoleMail',
  method: 'GET',
  base: 'api',
  path: '/console/mail',
  summary: 'The outbox: queued, sent and failed e-mails, newest first',
  tags,
  query: z.object({ status: z.optional(z.enum(['pending', 'sending', 'sent', 'failed'])) }),
  response: z.object({ mails: z.array(ZStoryMail) }),
});

export const consoleMailRetry = defineEndpoint({
  id: 'consoleMailRetry',
  method: 'POST',
  base: 'api',
  path: '/console/mail/:id/retry',
  summary: 'Queues a failed e-mail again',
  tags,
  params: z.object({ id: ZIdParam }),
  response: ZStoryMail,
});

/** A buyer's review as the operator moderates it: its state, order and language besides what visitors see. */
export const ZConsoleReview = z.object({
  ...ZReview.shape,
  status: z.enum(['pending', 'approved', 'rejected']),
  orderNumber: z.nullable(z.string()),
  locale: z.string(),
  examId: z.number(),
});
export type TConsoleReview = z.infer<typeof ZConsoleReview>;

export const consoleReviews = defineEndpoint({
  id: 'consoleReviews',
  method: 'GET',
  base: 'api',
  path: '/console/reviews',
  summary: 'The moderation queue: reviews waiting for a decision, oldest first',
  tags,
  response: z.object({ reviews: z.array(ZConsoleReview) }),
});

const reviewAction = (id: string, verb: string, summary: string) =>
  defineEndpoint({
    id,
    method: 'POST',
    base: 'api',
    path: `/console/reviews/:id/${verb}`,
    summary,
    tags,
    params: z.object({ id: ZIdParam }),
    response: ZConsoleReview,
  });

export const consoleReviewApprove = reviewAction(
  'consoleReviewApprove',
  'approve',
  'Approves a review: it shows, in its language, on the report choice',
);
export const consoleReviewReject = reviewAction('consoleReviewReject', 'reject', 'Rejects a review: it never shows');

export const consoleReviewReply = defineEndpoint({
  id: 'consoleReviewReply',
  method: 'POST',
  base: 'api',
  path: '/console/reviews/:id/reply',
  summary: "The operator's public reply under a review; an empty message takes it back",
  tags,
  params: z.object({ id: ZIdParam }),
  body: z.object({ message: z.string().check(z.trim(), z.maxLength(2000)) }),
  response: ZConsoleReview,
});

export const consoleReviewRemove = defineEndpoint({
  id: 'consoleReviewRemove',
  method: 'POST',
  base: 'api',
  path: '/console/reviews/:id/remove',
  summary: "Deletes a buyer's review (a demo review is hidden, so the seed does not bring it back)",
  tags,
  params: z.object({ id: ZIdParam }),
  response: z.object({ removed: z.literal(true) }),
});

export const consoleReviewsRemoveDemo = defineEndpoint({
  id: 'consoleReviewsRemoveDemo',
  method: 'POST',
  base: 'api',
  path: '/console/reviews/remove-demo',
  summary: 'Hides every seeded demo review at once',
  tags,
  response: z.object({ hidden: z.number() }),
});

const ZConsoleCharge = z.object({
  id: z.string(),
  periodNo: z.number(),
  attempt: z.number(),
  amountMinor: z.number(),
  currency: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  failureCode: z.nullable(z.string()),
  refundStatus: z.nullable(z.enum(['pending', 'refunded'])),
  createdAt: ZIsoDateTime,
  settledAt: z.nullable(ZIsoDateTime),
});

/** A subscription as the operator sees it: terms, state, the trial's reminder, and every renewal charge. */
export const ZConsoleSubscription = z.object({
  id: z.string(),
  orderNumber: z.string(),
  planId: z.string(),
  email: z.string(),
  locale: z.string(),
  provider: z.string(),
  status: z.enum(['trialing', 'active', 'past_due', 'canceled']),
  amountMinor: z.number(),
  currency: z.string(),
  interval: z.string(),
  intervalCount: z.number(),
  trialEndAt: z.nullable(ZIsoDateTime),
  currentPeriodEnd: ZIsoDateTime,
  reminderSentAt: z.nullable(ZIsoDateTime),
  cancelRequestedAt: z.nullable(ZIsoDateTime),
  endedAt: z.nullable(ZIsoDateTime),
  createdAt: ZIsoDateTime,
  charges: z.array(ZConsoleCharge),
});
export type TConsoleSubscription = z.infer<typeof ZConsoleSubscription>;

export const consoleSubscriptions = defineEndpoint({
  id: 'consoleSubscriptions',
  method: 'GET',
  base: 'api',
  path: '/console/subscriptions',
  summary: "An address's subscriptions, newest first, with renewals and reminders",
  tags,
  query: z.object({ email: z.string().check(z.trim(), z.minLength(3), z.maxLength(254)) }),
  response: z.object({ subscriptions: z.array(ZConsoleSubscription) }),
});

export const consoleSubscriptionCancel = defineEndpoint({
  id: 'consoleSubscriptionCancel',
  method: 'POST',
  base: 'api',
  path: '/console/subscriptions/:id/cancel',
  summary: 'Cancels a subscription: nothing more is charged; access lasts to the end of the paid period',
  tags,
  params: z.object({ id: z.string().check(z.maxLength(64)) }),
  response: ZConsoleSubscription,
});

export const consoleSubscriptionRefund = defineEndpoint({
  id: 'consoleSubscriptionRefund',
  method: 'POST',
  base: 'api',
  path: '/console/subscriptions/:id/charges/:chargeId/refund',
  summary: 'Refunds one paid renewal through its processor, once however often asked',
  tags,
  params: z.object({ id: z.string().check(z.maxLength(64)), chargeId: z.string().check(z.maxLength(128)) }),
  response: z.object({
    subscription: ZConsoleSubscription,
    /** False when an earlier click already refunded it (nothing new happened). */
    changed: z.boolean(),
  }),
});

/** The funnel's measures, in the order of a visitor's way through the site. */
export const FUNNEL_METRICS = [
  'pageViews',
  'testsStarted',
  'testsFinished',
  'testsAbnormal',
  'emailsGiven',
  'orders',
  'payments',
  'refunds',
  'planStarts',
  'trialConversions',
  'cancellations',
] as const;
export type TFunnelMetric = (typeof FUNNEL_METRICS)[number];

/** A range of UTC days, both included; at most 92 days. */
const ZFunnelRange = z.object({ from: ZIsoDate, to: ZIsoDate });

export const ZFunnelRow = z.object({
  day: ZIsoDate,
  /**
   * The landing variant: the landing a page view shows, else the landing where the visit that started the
   * test began ('' for other pages' views, visits that began elsewhere and records from before it was kept).
   */
  variant: z.string(),
  hl: z.string(),
  pageViews: z.number(),
  testsStarted: z.number(),
  testsFinished: z.number(),
  testsAbnormal: z.number(),
  emailsGiven: z.number(),
  orders: z.number(),
  payments: z.number(),
  refunds: z.number(),
  planStarts: z.number(),
  trialConversions: z.number(),
  cancellations: z.number(),
});
export type TFunnelRow = z.infer<typeof ZFunnelRow>;

export const consoleFunnel = defineEndpoint({
  id: 'consoleFunnel',
  method: 'GET',
  base: 'api',
  path: '/console/funnel',
  summary: 'The funnel by UTC day, landing variant and language: views, tests, e-mails, orders, payments, plans',
  tags,
  query: ZFunnelRange,
  response: z.object({ from: ZIsoDate, to: ZIsoDate, rows: z.array(ZFunnelRow) }),
});

export const consoleFunnelCsv = defineEndpoint({
  id: 'consoleFunnelCsv',
  method: 'GET',
  base: 'api',
  path: '/console/funnel.csv',
  summary: 'The same funnel as a CSV file (text/csv), one line per day, variant and language',
  tags,
  query: ZFunnelRange,
  response: describe(z.string(), 'The CSV file (text/csv)'),
});
