import type { ConversionProvider, Purchase } from './conversion-provider';

export const TIKTOK_API_ORIGIN = 'https://business-api.tiktok.com';

/** TikTok's Events API 2.0: `CompletePayment` with the pixel's event id (the log id) for de-duplication. */
export function tiktokConversions(config: {
  pixelCode: string;
  token: string;
  origin?: string | undefined;
}): ConversionProvider {
  return {
    id: 'tiktok',
    request(p: Purchase) {
      const user: Record<string, unknown> = {};
      if (p.emailSha256) user.email = p.emailSha256;
      if (p.clickIds.ttclid) user.ttclid = p.clickIds.ttclid;
      if (p.userAgent) user.user_agent = p.userAgent;
      return {
        url: `${config.origin ?? TIKTOK_API_ORIGIN}/open_api/v1.3/event/track/`,
        headers: { 'access-token': config.token },
        body: {
          event_source: 'web',
          event_source_id: config.pixelCode,
          data: [
            {
              event: 'CompletePayment',
              event_time: Math.floor(p.paidAt / 1000),
              event_id: p.eventId,
              user,
              ...(p.pageUrl ? { page: { url: p.pageUrl } } : {}),
              properties: {
                currency: p.currency,
                value: p.value,
                content_type: 'product',
                contents: [{ content_id: p.contentId, quantity: 1, price: p.value }],
                order_id: p.orderNumber,
              },
            },
          ],
        },
      };
    },
  };
}
