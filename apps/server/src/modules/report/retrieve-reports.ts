import type { Locale } from '@mindgauge/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ReportLinks } from '../../lib/report-links';
import type { ExamOrders, Order as OrderRow } from '../exam/exam-orders';
import { enqueueMail } from '../mail/enqueue-mail';
import { consumeMailBudget } from '../mail/mail-budget';
import type { RateLimiter } from '../rate-limit/consume-rate-limit';

const HOUR = 3_600_000;
/** Sends e-mail: limited per address (no inbox flooded) and per client (no address list probed). */
export const RETRIEVE_RULES = {
  address: { name: 'retrieve:email', max: 3, windowMs: HOUR },
  client: { name: 'retrieve:ip', max: 10, windowMs: HOUR },
};

type MailDeps = { db: Kysely<Database>; clock: Clock; links: ReportLinks; mailDomain: string; kickMail: () => void };
type RetrieveDeps = MailDeps & { exams: Pick<ExamOrders, 'paidOrdersOf' | 'pendingOrdersOf'>; limits: RateLimiter };

/**
 * One e-mail listing paid reports, each with its own fresh link (retrieval, and a copy to another address),
 * and results still pending payment, each with a link to its report choice.
 */
export async function mailReportLinks(
  d: MailDeps,
  to: string,
  hl: Locale,
  orders: Pick<OrderRow, 'order_number' | 'exam_id' | 'sku_id' | 'paid_at'>[],
  pending: Pick<OrderRow, 'order_number' | 'exam_id' | 'created_at'>[] = [],
): Promise<void> {
  const now = d.clock.now();
  await enqueueMail(
    d.db,
    {
      template: 'reportList',
      locale: hl,
      to,
      payload: {
        expiresInDays: d.links.days,
        reports: orders.map((o) => ({
          orderNumber: o.order_number,
          skuId: o.sku_id ?? 'sku1',
          examId: o.exam_id,
          paidAt: o.paid_at ?? now,
          url: d.links.forOrder(o, hl),
        })),
        pending: pending.map((o) => ({
          orderNumber: o.order_number,
          takenAt: o.created_at,
          url: d.links.choiceForOrder(o, hl),
        })),
      },
    },
    now,
    d.mailDomain,
  );
  d.kickMail();
}

/**
 * Retrieval by e-mail: one message listing every paid report of the address, each with its own link, and
 * every result still pending payment (never lost), each with a link to pay for its report. The links work in
 * any browser until they expire; nothing else about the reports is in the mail.
 */
export async function retrieveReports(
  d: RetrieveDeps,
  input: { email: string; hl: Locale; ip: string },
): Promise<{ sent: true; count: number; pending: number }> {
  const now = d.clock.now();
  const email = input.email.toLowerCase();
  await d.limits.consume(RETRIEVE_RULES.client, input.ip, now);
  await d.limits.consume(RETRIEVE_RULES.address, email, now);
  await consumeMailBudget(d.limits, email, now);
  const orders = await d.exams.paidOrdersOf(email, 20);
  const pending = await d.exams.pendingOrdersOf(email, 10);
  if (orders.length + pending.length === 0) throw new AppError('NO_RETRIEVABLE_REPORTS');
  await mailReportLinks(d, email, input.hl, orders, pending);
  return { sent: true, count: orders.length, pending: pending.length };
}
