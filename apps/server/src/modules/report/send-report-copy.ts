import type { Locale } from '@mindgauge/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { ReportLinks } from '../../lib/report-links';
import type { SecretKeys } from '../../lib/signed-token';
import type { ExamOrders } from '../exam/exam-orders';
import { type ReportAccess, requireReportAccess } from '../exam/report-access';
import { consumeMailBudget } from '../mail/mail-budget';
import type { RateLimiter } from '../rate-limit/consume-rate-limit';
import { mailReportLinks } from './retrieve-reports';

const HOUR = 3_600_000;
/** Sends e-mail: limited per client and per order, across instances. */
export const REPORT_COPY_RULES = {
  ip: { name: 'report-copy:ip', max: 10, windowMs: HOUR },
  order: { name: 'report-copy:order', max: 5, windowMs: HOUR },
};

/**
 * The success page's "save it elsewhere": the report's own link sent to one more address. Only the report's
 * reader may ask — the browser that took the test, or an e-mailed link — so an order number alone sends
 * nothing. Any paid order qualifies, a gift's included; the copy carries the link, not the receipt.
 */
export async function sendReportCopy(
  d: {
    db: Kysely<Database>;
    limits: RateLimiter;
    repo: ExamOrders;
    secret: SecretKeys;
    clock: Clock;
    links: ReportLinks;
    mailDomain: string;
    kickMail: () => void;
  },
  input: { orderNumber: string; email: string; hl: Locale; reader: ReportAccess; ip: string },
): Promise<{ sent: true }> {
  const now = d.clock.now();
  await d.limits.consume(REPORT_COPY_RULES.ip, input.ip, now);
  const { order } = await requireReportAccess(d, input.orderNumber, input.reader);
  await d.limits.consume(REPORT_COPY_RULES.order, order.order_number, now);
  await consumeMailBudget(d.limits, input.email, now);
  await mailReportLinks(d, input.email.toLowerCase(), input.hl, [order]);
  return { sent: true };
}
