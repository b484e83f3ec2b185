import type { Locale } from '@mindgauge/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ReportLinks } from '../../lib/report-links';
import { type SecretKeys, signToken, verifyToken } from '../../lib/signed-token';
import { enqueueMail } from '../mail/enqueue-mail';
import { consumeMailBudget } from '../mail/mail-budget';
import type { RateLimiter } from '../rate-limit/consume-rate-limit';
import type { ExamRepository, OrderRow } from './exam-repository';
import { classBand, classNameKey, freeHeadlineOf } from './free-headline';
import { mayRead, type ReportAccess } from './report-access';

/** The purpose of e-mail change confirmations: no other link's token confirms one. */
export const EMAIL_CHANGE_PURPOSE = 'order-email-change';
/** How long the old address has to confirm a change. */
export const EMAIL_CHANGE_HOURS = 24;
/** Each request e-mails the old address: a few per order and hour. */
export const EMAIL_CHANGE_RULES = { name: 'email-change:order', max: 3, windowMs: 3_600_000 };
/** Each new address of an unpaid order receives its result: a few per order and hour. */
export const RESULT_MAIL_RULES = { name: 'result-mail:order', max: 3, windowMs: 3_600_000 };

export interface EmailChangeDeps {
  /** Rate limits (the rate-limit module's service). */
  limits: RateLimiter;
  repo: ExamRepository;
  db: Kysely<Database>;
  clock: Clock;
  /** Signs report links and these confirmations (each with its own purpose). */
  secret: SecretKeys;
  links: ReportLinks;
  mailDomain: string;
  kickMail: () => void;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The token binds the order, the address it has now and the new one: it confirms that change only. */
const subjectOf = (orderNumber: string, from: string, to: string) => `${orderNumber}\n${from}\n${to}`;

/**
 * Who may change an order's address, and how (issue 13, critical): only its owner (the test's browser or an
 * e-mailed link's token), never the order number alone. Before payment the owner's word is enough; once paid,
 * the address holds the report, the gift codes and the kept card's one-click charges, so the change waits
 * for a signed link e-mailed to the old address.
 */
export function orderEmailChange(d: EmailChangeDeps) {
  async function requireOwned(orderNumber: string, access: ReportAccess): Promise<OrderRow> {
    const order = await d.repo.findOrder(orderNumber);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (!mayRead({ secret: d.secret, clock: d.clock }, order, access)) throw new AppError('ORDER_ACCESS_DENIED');
    return order;
  }

  /** The result e-mail: the free headline, a link back to the result and one to the report choice. */
  async function mailResultSaved(order: OrderRow, to: string, hl: Locale, now: number): Promise<void> {
    const session = await d.repo.findSession(order.session_id);
    if (!session?.result) return;
    const h = freeHeadlineOf(session);
    await enqueueMail(
      d.db,
      {
        template: 'resultSaved',
        locale: hl,
        to,
        payload: {
          orderNumber: order.order_number,
          classKey: classNameKey(h.classId),
          band: classBand(h.classId),
          belowBound: h.belowBound,
          correct: h.correct,
          total: h.total,
          resultUrl: d.links.forOrder(order, hl),
          choiceUrl: d.links.choiceForOrder(order, hl),
          expiresInDays: d.links.days,
        },
      },
      now,
      d.mailDomain,
    );
    d.kickMail();
  }

  return {
    requireOwned,

    async request(
      input: {
        orderNumber: string;
        email: string;
        consent: { terms: true; termsVersion: string; privacyVersion: string };
        hl: Locale;
      },
      access: ReportAccess,
    ) {
      const order = await requireOwned(input.orderNumber, access);
      const email = input.email.toLowerCase();
      const now = d.clock.now();
      const old = order.email;
      if (order.status === 'pending_payment' || old === null || old === email) {
        // A new address of an unpaid result receives it (the free headline and the way back): checked first,
        // so a refused e-mail leaves the address as it was.
        let mailResult = order.status === 'pending_payment' && old !== email;
        if (mailResult) {
          await d.limits.consume(RESULT_MAIL_RULES, order.order_number, now);
          // An address that already had its share of mail this hour gets no more; the result is still saved to
          // it (the visitor's step must not fail because of other orders' mail to the same address).
          mailResult = await consumeMailBudget(d.limits, email, now).then(
            () => true,
            (err: unknown) => {
              if (err instanceof AppError && err.code === 'RATE_LIMITED') return false;
              throw err;
            },
          );
        }
        const consent = JSON.stringify({ ...input.consent, acceptedAt: iso(now), hl: input.hl });
        await d.repo.updateOrderEmail(order.order_number, email, consent, now);
        if (mailResult) await mailResultSaved(order, email, input.hl, now);
        return { orderNumber: order.order_number, email, confirmationSent: false };
      }
      await d.limits.consume(EMAIL_CHANGE_RULES, order.order_number, now);
      await consumeMailBudget(d.limits, old, now);
      const confirm = signToken(
        d.secret,
        EMAIL_CHANGE_PURPOSE,
        subjectOf(order.order_number, old, email),
        now + EMAIL_CHANGE_HOURS * 3_600_000,
      );
      const locale = (order.locale as Locale) ?? input.hl;
      const confirmUrl = `${d.links.forOrder(order, locale)}&${new URLSearchParams({ emailChange: email, confirm })}`;
      await enqueueMail(
        d.db,
        {
          template: 'emailChangeConfirm',
          locale,
          to: old,
          payload: { orderNumber: order.order_number, newEmail: email, confirmUrl, hours: EMAIL_CHANGE_HOURS },
        },
        now,
        d.mailDomain,
      );
      d.kickMail();
      return { orderNumber: order.order_number, email: old, confirmationSent: true };
    },

    /** The old address followed its link: the change applies, once, if the order still has that address. */
    async confirm(input: { orderNumber: string; email: string; confirm: string }) {
      const order = await d.repo.findOrder(input.orderNumber);
      const email = input.email.toLowerCase();
      const old = order?.email;
      if (!order || !old) throw new AppError('EMAIL_CHANGE_LINK_INVALID');
      if (old === email) return { orderNumber: order.order_number, email };
      const subject = subjectOf(order.order_number, old, email);
      if (!verifyToken(d.secret, EMAIL_CHANGE_PURPOSE, subject, input.confirm, d.clock.now())) {
        throw new AppError('EMAIL_CHANGE_LINK_INVALID');
      }
      if (!(await d.repo.changeOrderEmail(order.order_number, old, email, d.clock.now()))) {
        throw new AppError('EMAIL_CHANGE_LINK_INVALID');
      }
      return { orderNumber: order.order_number, email };
    },
  };
}
export type OrderEmailChange = ReturnType<typeof orderEmailChange>;
