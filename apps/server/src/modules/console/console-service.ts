import type {
  TAuditEntry,
  TConsoleOrderRow,
  TConsolePromo,
  TConsoleSubscription,
  TConsoleTicket,
  TStoryMail,
} from '@mindgauge/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ExamOrders, Order } from '../exam/exam-orders';
import type { OutboxDesk } from '../mail/outbox-desk';
import type { RateLimiter } from '../rate-limit/consume-rate-limit';
import type { ReviewsService } from '../reviews/reviews-service';
import type { PlanCatalog } from '../subscriptions/plan-catalog';
import type { ChargeRow, SubscriptionRow, SubscriptionService } from '../subscriptions/subscription-service';
import type { SupportDesk } from '../support/support-service';
import { type CatalogueDesk, consoleCatalogue } from './console-catalogue';
import type { AuditRow, ConsoleRepository } from './console-repository';
import { type FunnelSources, funnelCsv, funnelRows } from './funnel';
import { newTotpSecret, totpEnrolment, totpStep } from './totp';

/** A second factor opens the console for this long, within the sign-in session that passed it. */
export const SECOND_FACTOR_MS = 12 * 3_600_000;
/** Codes tried per operator: six digits are guessable only with many tries. */
const TOTP_RULE = { name: 'console-totp:account', max: 5, windowMs: 5 * 60_000 };
const PAGE = 100;

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

interface SignedIn {
  account: { id: string; email: string };
  tokenHash: string;
}

type PromoRow = {
  code: string;
  percent_off: number;
  starts_at: number | null;
  expires_at: number | null;
  max_redemptions: number | null;
  redemptions: number;
  active: number;
  demo: number;
};

export interface ConsoleDeps {
  repo: ConsoleRepository;
  /** Rate limits (the rate-limit module's handle). */
  db: Kysely<Database>;
  /** Rate limits (the rate-limit module). */
  limits: RateLimiter;
  clock: Clock;
  issuer: string;
  signedIn(req: FastifyRequest, reply: FastifyReply): Promise<SignedIn | undefined>;
  orders: Pick<ExamOrders, 'findOrder' | 'findSession' | 'searchOrders' | 'markOrderRefunded' | 'entitlements'>;
  payments: {
    historyOf(orderNumber: string): Promise<{
      payments: {
        id: string;
        provider: string;
        method: string;
        status: string;
        refund_status: string | null;
        amount_minor: number;
        currency: string;
        package_id: string | null;
        plan_id: string | null;
        created_at: number;
        settled_at: number | null;
      }[];
      events: { provider: string; type: string; received_at: number }[];
    }>;
    refundOrderPayment(orderNumber: string): Promise<{ changed: boolean; refund: 'pending' | 'refunded' }>;
  };
  promos: {
    list(): Promise<PromoRow[]>;
    create(p: {
      code: string;
      percentOff: number;
      expiresAt: number | null;
      maxRedemptions: number | null;
    }): Promise<PromoRow>;
    expire(code: string): Promise<{ before: PromoRow; after: PromoRow }>;
  };
  /** Tier prices and the offer's length (the checkout module's catalogue editor). */
  catalogue: CatalogueDesk;
  support: SupportDesk;
  outbox: OutboxDesk;
  /** Buyer reviews' moderation (the reviews module's service). */
  reviews: Pick<ReviewsService, 'listPending' | 'get' | 'approve' | 'reject' | 'reply' | 'remove' | 'removeDemo'>;
  /** Plan prices per country (the subscriptions module's plan catalogue). */
  plans: Pick<PlanCatalog, 'allPrices' | 'setPrice'>;
  /** Find, cancel, refund a renewal (the subscriptions module's service). */
  subscriptions: Pick<SubscriptionService, 'operatorFind' | 'operatorGet' | 'operatorCancel' | 'operatorRefundCharge'>;
  /** Where the funnel's numbers come from (tracking, exam, payments, subscriptions). */
  funnel: FunnelSources;
  /** Queues the report e-mail (its links) again to the order's address. */
  resendReport(order: Order): Promise<void>;
  /** The report's cached copy is dropped when its access changes. */
  forgetReport(orderNumber: string): void;
}

/** Who is acting: an operator whose sign-in passed the second factor. */
export interface Operator {
  id: string;
  email: string;
}

export function consoleService(d: ConsoleDeps) {
  async function signedInOperator(req: FastifyRequest, reply: FastifyReply) {
    const s = await d.signedIn(req, reply);
    if (!s) throw new AppError('NOT_SIGNED_IN');
    const op = await d.repo.findOperator(s.account.id);
    if (!op) throw new AppError('NOT_OPERATOR');
    return { s, op };
  }

  async function audit(actor: Operator, action: string, target: string, before: unknown, after: unknown) {
    await d.repo.appendAudit({
      at: d.clock.now(),
      actor_id: actor.id,
      actor_email: actor.email,
      action,
      target,
      before_json: before === undefined || before === null ? null : JSON.stringify(before),
      after_json: after === undefined || after === null ? null : JSON.stringify(after),
    });
  }

  const presentAudit = (r: AuditRow): TAuditEntry => ({
    id: Number(r.id),
    at: iso(Number(r.at)),
    actor: r.actor_email,
    action: r.action,
    target: r.target,
    before: parse(r.before_json),
    after: parse(r.after_json),
  });

  const presentOrder = (o: Order): TConsoleOrderRow => ({
    orderNumber: o.order_number,
    examId: o.exam_id,
    status: o.status,
    email: o.email,
    skuId: o.sku_id,
    amountMinor: o.amount_minor,
    currency: o.currency,
    createdAt: iso(Number(o.created_at)),
    paidAt: isoOrNull(o.paid_at === null ? null : Number(o.paid_at)),
  });

  const presentPromo = (p: PromoRow): TConsolePromo => ({
    code: p.code,
    percentOff: p.percent_off,
    startsAt: isoOrNull(p.starts_at === null ? null : Number(p.starts_at)),
    expiresAt: isoOrNull(p.expires_at === null ? null : Number(p.expires_at)),
    maxRedemptions: p.max_redemptions,
    redemptions: Number(p.redemptions),
    active: p.active === 1 && (p.expires_at === null || Number(p.expires_at) > d.clock.now()),
    demo: p.demo === 1,
  });

  const presentMail = (m: Awaited<ReturnType<OutboxDesk['recent']>>[number]): TStoryMail => ({
    id: Number(m.id),
    template: m.template,
    to: m.to_address,
    status: m.status,
    attempts: m.attempts,
    lastError: m.last_error,
    createdAt: iso(Number(m.created_at)),
    sentAt: isoOrNull(m.sent_at === null ? null : Number(m.sent_at)),
  });

  const presentTicket = (t: Awaited<ReturnType<SupportDesk['get']>>): TConsoleTicket => ({
    id: t.ticket.public_id,
    name: t.ticket.name,
    email: t.ticket.email,
    topic: t.ticket.topic,
    message: t.ticket.message,
    orderNumber: t.ticket.order_number,
    locale: t.ticket.hl,
    status: t.ticket.status,
    priority: Number(t.ticket.priority) === 1,
    createdAt: iso(Number(t.ticket.created_at)),
    replies: t.replies.map((r) => ({ by: r.author, message: r.message, at: iso(Number(r.created_at)) })),
  });

  const presentSubscription = (s: SubscriptionRow, charges: ChargeRow[]): TConsoleSubscription => ({
    id: s.id,
    orderNumber: s.order_number,
    planId: s.plan_id,
    email: s.email,
    locale: s.locale,
    provider: s.provider,
    status: s.status,
    amountMinor: s.amount_minor,
    currency: s.currency,
    interval: s.billing_interval,
    intervalCount: s.interval_count,
    trialEndAt: isoOrNull(s.trial_end_at === null ? null : Number(s.trial_end_at)),
    currentPeriodEnd: iso(Number(s.current_period_end)),
    reminderSentAt: isoOrNull(s.reminder_sent_at === null ? null : Number(s.reminder_sent_at)),
    cancelRequestedAt: isoOrNull(s.cancel_requested_at === null ? null : Number(s.cancel_requested_at)),
    endedAt: isoOrNull(s.ended_at === null ? null : Number(s.ended_at)),
    createdAt: iso(Number(s.created_at)),
    charges: charges.map((c) => ({
      id: c.id,
      periodNo: c.period_no,
      attempt: c.attempt,
      amountMinor: c.amount_minor,
      currency: c.currency,
      status: c.status,
      failureCode: c.failure_code,
      refundStatus: c.refund_status ?? null,
      createdAt: iso(Number(c.created_at)),
      settledAt: isoOrNull(c.settled_at === null ? null : Number(c.settled_at)),
    })),
  });

  async function subscriptionOf(id: string): Promise<TConsoleSubscription> {
    const { sub, charges } = await d.subscriptions.operatorGet(id);
    return presentSubscription(sub, charges);
  }

  async function requireOrder(orderNumber: string): Promise<Order> {
    const o = await d.orders.findOrder(orderNumber);
    if (!o) throw new AppError('ORDER_NOT_FOUND');
    return o;
  }

  return {
    /** The catalogue: tier prices per country, plan prices, the offer's length (decision 0038). */
    catalogue: consoleCatalogue({
      catalogue: d.catalogue,
      plans: d.plans,
      audit,
    }),
    /**
     * The access check of every console call but the second factor's own: a signed-in account with the
     * operator role whose sign-in session passed the second factor.
     */
    async requireOperator(req: FastifyRequest, reply: FastifyReply): Promise<Operator> {
      const { s, op } = await signedInOperator(req, reply);
      if (op.totp_enabled_at === null || !(await d.repo.verifiedSession(s.tokenHash, d.clock.now())))
        throw new AppError('SECOND_FACTOR_REQUIRED');
      return { id: s.account.id, email: s.account.email };
    },

    async me(req: FastifyRequest, reply: FastifyReply) {
      const { s, op } = await signedInOperator(req, reply);
      const verified = await d.repo.verifiedSession(s.tokenHash, d.clock.now());
      const secondFactor = op.totp_enabled_at === null ? 'enrol' : verified ? 'ok' : 'verify';
      return {
        email: s.account.email,
        role: 'operator' as const,
        secondFactor: secondFactor as 'enrol' | 'verify' | 'ok',
      };
    },

    /** A new secret while none is confirmed; once confirmed it is never shown again. */
    async enrol(req: FastifyRequest, reply: FastifyReply) {
      const { s, op } = await signedInOperator(req, reply);
      if (op.totp_enabled_at !== null) throw new AppError('SECOND_FACTOR_REQUIRED');
      const secret = newTotpSecret();
      if (!(await d.repo.proposeSecret(s.account.id, secret))) throw new AppError('SECOND_FACTOR_REQUIRED');
      return totpEnrolment(secret, s.account.email, d.issuer);
    },

    /** A code for the operator's secret, each time step once: confirms the enrolment and opens the console. */
    async verify(req: FastifyRequest, reply: FastifyReply, code: string) {
      const { s, op } = await signedInOperator(req, reply);
      const now = d.clock.now();
      await d.limits.consume(TOTP_RULE, s.account.id, now);
      const step = op.totp_secret ? totpStep(op.totp_secret, code, now) : null;
      if (step === null || !(await d.repo.acceptStep(s.account.id, step, now))) throw new AppError('TOTP_INVALID');
      await d.repo.markVerified(s.tokenHash, s.account.id, now, now + SECOND_FACTOR_MS);
      const actor = { id: s.account.id, email: s.account.email };
      await audit(
        actor,
        op.totp_enabled_at === null ? 'second-factor.enrolled' : 'second-factor.verified',
        `account:${s.account.id}`,
        null,
        null,
      );
      return { verified: true as const };
    },

    async auditLog(before: number | undefined) {
      const rows = await d.repo.listAudit(before, PAGE);
      return { entries: rows.slice(0, PAGE).map(presentAudit), more: rows.length > PAGE };
    },

    async searchOrders(q: { q?: string | undefined; from?: string | undefined; to?: string | undefined }) {
      const day = (s: string | undefined, plus = 0) =>
        s === undefined ? undefined : Date.parse(`${s}T00:00:00Z`) + plus * 86_400_000;
      const rows = await d.orders.searchOrders({ text: q.q, from: day(q.from), to: day(q.to, 1), limit: PAGE });
      return { orders: rows.slice(0, PAGE).map(presentOrder), more: rows.length > PAGE };
    },

    async orderStory(orderNumber: string) {
      const order = await requireOrder(orderNumber);
      const [session, history, mails, auditRows, entitlements] = await Promise.all([
        d.orders.findSession(order.session_id),
        d.payments.historyOf(orderNumber),
        order.email ? d.outbox.recent({ to: order.email }) : Promise.resolve([]),
        d.repo.auditOf(`order:${orderNumber}`),
        d.orders.entitlements(order),
      ]);
      return {
        order: presentOrder(order),
        locale: order.locale,
        session: {
          startedAt: session ? iso(Number(session.started_at)) : null,
          finishedAt: session?.scored_at ? iso(Number(session.scored_at)) : null,
          outcome: session?.status ?? null,
          iq: session?.iq_score ?? null,
          country: session?.country ?? null,
        },
        entitlements,
        payments: history.payments.map((p) => ({
          id: p.id,
          provider: p.provider,
          method: p.method,
          status: p.status,
          refundStatus: p.refund_status,
          amountMinor: p.amount_minor,
          currency: p.currency,
          purpose: p.plan_id ? `plan:${p.plan_id}` : p.package_id ? `extra:${p.package_id}` : 'report',
          createdAt: iso(Number(p.created_at)),
          settledAt: isoOrNull(p.settled_at === null ? null : Number(p.settled_at)),
        })),
        events: history.events.map((e) => ({
          provider: e.provider,
          type: e.type,
          receivedAt: iso(Number(e.received_at)),
        })),
        mails: mails.map(presentMail),
        audit: auditRows.map(presentAudit),
      };
    },

    /**
     * Two once-only steps, each audited by the call that did it: closing the report (when the operator
     * chooses to) and refunding through the processor. However many clicks arrive together, each step
     * happens once (guarded updates), so there is one audit row per step; `changed` is this call's refund.
     */
    async refund(actor: Operator, orderNumber: string, revokeAccess: boolean) {
      const before = await requireOrder(orderNumber);
      const target = `order:${orderNumber}`;
      if (revokeAccess && (await d.orders.markOrderRefunded(orderNumber, d.clock.now()))) {
        d.forgetReport(orderNumber);
        await audit(actor, 'order.close-access', target, { status: before.status }, { status: 'refunded' });
      }
      const result = await d.payments.refundOrderPayment(orderNumber);
      if (result.changed)
        await audit(
          actor,
          'order.refund',
          target,
          { refund: null },
          { refund: result.refund, accessKept: !revokeAccess },
        );
      const after = await requireOrder(orderNumber);
      return { refund: result.refund, orderStatus: after.status, changed: result.changed };
    },

    async resend(actor: Operator, orderNumber: string) {
      const order = await requireOrder(orderNumber);
      if (order.status !== 'paid' || !order.email) throw new AppError('REPORT_LOCKED');
      await d.resendReport(order);
      await audit(actor, 'order.resend-report', `order:${orderNumber}`, null, { to: order.email });
      return { queued: true as const };
    },

    async promoList() {
      return { codes: (await d.promos.list()).map(presentPromo) };
    },
    async promoCreate(
      actor: Operator,
      p: {
        code: string;
        percentOff: number;
        expiresAt?: string | null | undefined;
        maxRedemptions?: number | null | undefined;
      },
    ) {
      // A date means "through that day" (UTC): the code ends at the next midnight.
      const expiresAt = p.expiresAt ? Date.parse(`${p.expiresAt}T00:00:00Z`) + 86_400_000 : null;
      const row = await d.promos.create({
        code: p.code,
        percentOff: p.percentOff,
        expiresAt,
        maxRedemptions: p.maxRedemptions ?? null,
      });
      const shown = presentPromo(row);
      await audit(actor, 'promo.create', `promo:${row.code}`, null, shown);
      return shown;
    },
    async promoExpire(actor: Operator, code: string) {
      const { before, after } = await d.promos.expire(code.toUpperCase());
      const shown = presentPromo(after);
      await audit(actor, 'promo.expire', `promo:${after.code}`, presentPromo(before), shown);
      return shown;
    },

    async tickets(status: 'open' | 'done' | 'all') {
      return { tickets: (await d.support.list(status)).map(presentTicket) };
    },
    async ticketReply(actor: Operator, id: string, message: string) {
      const t = await d.support.reply(id, actor.email, message);
      await audit(actor, 'ticket.reply', `ticket:${id}`, null, { message });
      return presentTicket(t);
    },
    async ticketDone(actor: Operator, id: string) {
      const before = await d.support.get(id);
      const t = await d.support.markDone(id);
      await audit(actor, 'ticket.done', `ticket:${id}`, { status: before.ticket.status }, { status: t.ticket.status });
      return presentTicket(t);
    },

    async mail(status: 'pending' | 'sending' | 'sent' | 'failed' | undefined) {
      return { mails: (await d.outbox.recent({ status })).map(presentMail) };
    },
    async mailRetry(actor: Operator, id: number) {
      const { requeued, row } = await d.outbox.retry(id);
      if (!row) throw new AppError('MAIL_NOT_FOUND');
      if (requeued) await audit(actor, 'mail.retry', `mail:${id}`, { status: 'failed' }, { status: row.status });
      return presentMail(row);
    },

    async funnel(from: string, to: string) {
      return { from, to, rows: await funnelRows(d.funnel, from, to) };
    },
    async funnelCsv(from: string, to: string) {
      return funnelCsv(await funnelRows(d.funnel, from, to));
    },

    async subscriptions(email: string) {
      const found = await d.subscriptions.operatorFind(email);
      return { subscriptions: found.map((x) => presentSubscription(x.sub, x.charges)) };
    },
    async subscriptionCancel(actor: Operator, id: string) {
      const { changed, sub } = await d.subscriptions.operatorCancel(id);
      if (changed)
        await audit(
          actor,
          'subscription.cancel',
          `subscription:${id}`,
          { status: 'running' },
          {
            cancelRequestedAt: isoOrNull(sub.cancel_requested_at === null ? null : Number(sub.cancel_requested_at)),
            accessUntil: iso(Number(sub.current_period_end)),
          },
        );
      return subscriptionOf(id);
    },
    /** One renewal refunded once, however many clicks: one audit row, by the call that refunded. */
    async subscriptionRefund(actor: Operator, id: string, chargeId: string) {
      const { changed, charge } = await d.subscriptions.operatorRefundCharge(id, chargeId);
      if (changed)
        await audit(
          actor,
          'subscription.refund-renewal',
          `subscription:${id}`,
          { charge: chargeId, refund: null },
          {
            charge: chargeId,
            refund: charge.refund_status,
            amountMinor: charge.amount_minor,
            currency: charge.currency,
          },
        );
      return { changed, subscription: await subscriptionOf(id) };
    },

    async reviews() {
      return { reviews: await d.reviews.listPending(200) };
    },
    /** Approve, reject or reply: one audit row each, with the review's state before and after. */
    async reviewModerate(actor: Operator, id: number, step: 'approve' | 'reject' | { reply: string }) {
      const before = await d.reviews.get(id);
      if (step === 'approve') await d.reviews.approve(id);
      else if (step === 'reject') await d.reviews.reject(id);
      else await d.reviews.reply(id, step.reply || null);
      const after = await d.reviews.get(id);
      const action = typeof step === 'string' ? `review.${step}` : 'review.reply';
      const view = (r: typeof before) => ({ status: r.status, reply: r.reply });
      await audit(actor, action, `review:${id}`, view(before), view(after));
      return after;
    },
    async reviewRemove(actor: Operator, id: number) {
      const before = await d.reviews.get(id);
      await d.reviews.remove(id);
      await audit(actor, 'review.remove', `review:${id}`, before, null);
      return { removed: true as const };
    },
    async reviewsRemoveDemo(actor: Operator) {
      const hidden = await d.reviews.removeDemo();
      await audit(actor, 'review.remove-demo', 'reviews:demo', null, { hidden });
      return { hidden };
    },
  };
}
export type ConsoleService = ReturnType<typeof consoleService>;
