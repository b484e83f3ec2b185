import type { Clock } from '../../lib/clock';
import { pageUrl } from '../../lib/page-url';
import { type SecretKeys, signToken, verifyToken } from '../../lib/signed-token';

/** The purpose of one-click cancel links: a report link's token cannot cancel, nor the reverse. */
export const CANCEL_LINK_PURPOSE = 'cancel-subscription';

/** One-click cancel links for e-mails: the subscription and a signed, expiring token; no login needed. */
export function cancelLinks(d: { publicUrl: string; secret: SecretKeys; days: number; clock: Clock }) {
  return {
    forSubscription(sub: { id: string; exam_id: number }, locale: string): string {
      const expires = d.clock.now() + d.days * 86_400_000;
      return pageUrl(d.publicUrl, 'cancelSubscription', sub.exam_id, {
        sub: sub.id,
        token: signToken(d.secret, CANCEL_LINK_PURPOSE, sub.id, expires),
        hl: locale,
      });
    },
    verify(subscriptionId: string, token: string): boolean {
      return verifyToken(d.secret, CANCEL_LINK_PURPOSE, subscriptionId, token, d.clock.now());
    },
  };
}
export type CancelLinks = ReturnType<typeof cancelLinks>;
