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
type RetrieveDeps = MailDeps & { exams: Pick<ExamOrders, 'paidOrdersOf'>; limits: RateLimiter };

/** One e-mail listing paid reports, each with its own fresh link (retrieval, and a copy to another address). */
export async function mailReportLinks(
  d: MailDeps,
  to: string,
  hl: Locale,
  orders: Pick<OrderRow, 'order_number' | 'exam_id' | 'sku_id' | 'paid_at'>[],
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
          paidAt: o.paid_at ?? now,
          url: d.links.forOrder(o, hl),
        })),
      },
    },
    now,
    d.mailDomain,
  );
  d.kickMail();
}

/**
 * Retrieval by e-mail: one message listing every paid report of the address, each with its own link. The
 * links open the report in any browser until they expire; nothing else about the reports is in the mail.
 */
export async function retrieveReports(
  d: RetrieveDeps,
  input: { email: string; hl: Locale; ip: string },
): Promise<{ sent: true; count: number }> {
  const now = d.clock.now();
  const email = input.email.toLowerCase();
  await d.limits.consume(RETRIEVE_RULES.client, input.ip, now);
  await d.limits.consume(RETRIEVE_RULES.address, email, now);
  await consumeMailBudget(d.limits, email, now);
  const orders = await d.exams.paidOrdersOf(email, 20);
  if (orders.length === 0) throw new AppError('NO_RETRIEVABLE_REPORTS');
  await mailReportLinks(d, email, input.hl, orders);
  return { sent: true, count: orders.length };
}
