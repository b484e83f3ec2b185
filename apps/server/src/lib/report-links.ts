import type { Clock } from './clock';
import { pageUrl } from './page-url';
import { REPORT_LINK_PURPOSE, type SecretKeys, signToken } from './signed-token';

/** Links to a report that carry their own expiring token: for e-mails (after payment, on retrieval). */
export function reportLinks(d: { publicUrl: string; secret: SecretKeys; days: number; clock: Clock }) {
  return {
    days: d.days,
    forOrder(order: { order_number: string; exam_id: number }, locale: string): string {
      const expires = d.clock.now() + d.days * 86_400_000;
      return pageUrl(d.publicUrl, 'reportResult', order.exam_id, {
        order: order.order_number,
        token: signToken(d.secret, REPORT_LINK_PURPOSE, order.order_number, expires),
        hl: locale,
      });
    },
  };
}
export type ReportLinks = ReturnType<typeof reportLinks>;
