import type { ConversionProvider, Purchase } from './conversion-provider';

export const META_GRAPH_ORIGIN = 'https://graph.facebook.com';
export const META_GRAPH_VERSION = 'v21.0';

/**
 * Meta's Conversions API: a `Purchase` with the pixel's event id (the log id), so Meta keeps one of the
 * browser's and the server's copies. `fbc` is rebuilt from the click id as Meta documents it
 * (`fb.1.{time}.{fbclid}`).
 */
export function metaConversions(config: {
  pixelId: string;
  token: string;
  testCode?: string | undefined;
  origin?: string | undefined;
}): ConversionProvider {
  return {
    id: 'meta',
    request(p: Purchase) {
      const userData: Record<string, unknown> = {};
      if (p.emailSha256) userData.em = [p.emailSha256];
      if (p.clickIds.fbclid) userData.fbc = `fb.1.${p.paidAt}.${p.clickIds.fbclid}`;
      if (p.userAgent) userData.client_user_agent = p.userAgent;
      return {
        url: `${config.origin ?? META_GRAPH_ORIGIN}/${META_GRAPH_VERSION}/${config.pixelId}/events`,
        headers: {},
        body: {
          data: [
            {
              event_name: 'Purchase',
              event_time: Math.floor(p.paidAt / 1000),
              event_id: p.eventId,
              action_source: 'website',
              ...(p.pageUrl ? { event_source_url: p.pageUrl } : {}),
              user_data: userData,
              custom_data: {
                currency: p.currency,
                value: p.value,
                content_type: 'product',
                content_ids: [p.contentId],
                contents: [{ id: p.contentId, quantity: 1 }],
                order_id: p.orderNumber,
              },
            },
          ],
          ...(config.testCode ? { test_event_code: config.testCode } : {}),
          access_token: config.token,
        },
      };
    },
  };
}
