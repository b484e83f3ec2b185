import { PERSONALITY_EXAM_ID } from '@mindgauge/contract';
import type { Clock } from './clock';
import { pageUrl } from './page-url';
import { REPORT_LINK_PURPOSE, type SecretKeys, signToken } from './signed-token';

/** Links to a report (or, unpaid, its report choice) that carry their own expiring token: for e-mails. */
export function reportLinks(d: { publicUrl: string; secret: SecretKeys; days: number; clock: Clock }) {
  function link(
    route: 'reportResult' | 'personalityReport' | 'payingScheme',
    order: { order_number: string; exam_id: number },
    hl: string,
  ) {
    const expires = d.clock.now() + d.days * 86_400_000;
    return pageUrl(d.publicUrl, route, order.exam_id, {
      order: order.order_number,
      token: signToken(d.secret, REPORT_LINK_PURPOSE, order.order_number, expires),
      hl,
    });
  }
  return {
    days: d.days,
    forOrder(order: { order_number: string; exam_id: number }, locale: string): string {
      // Each exam's report has its own page: the personality profile is not the IQ report.
      return link(order.exam_id === PERSONALITY_EXAM_ID ? 'personalityReport' : 'reportResult', order, locale);
    },
    /** The report choice of an unpaid order, with the token that lets any browser pay for it. */
    choiceForOrder(order: { order_number: string; exam_id: number }, locale: string): string {
      return link('payingScheme', order, locale);
    },
  };
}
export type ReportLinks = ReturnType<typeof reportLinks>;
