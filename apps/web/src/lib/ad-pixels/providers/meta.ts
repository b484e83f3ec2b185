import type { AdEventName } from '../ad-event';
import { type AdPixelProvider, contentIds, defined, itemCount, type QueueFn } from './provider';

const NAMES: Record<AdEventName, string> = {
  'view-content': 'ViewContent',
  customize: 'CustomizeProduct',
  'add-to-cart': 'AddToCart',
  'initiate-checkout': 'InitiateCheckout',
  'add-payment-info': 'AddPaymentInfo',
  purchase: 'Purchase',
};

const fbq = (win: Window & Record<string, unknown>) => win.fbq as QueueFn;

/** Meta's pixel (fbevents.js): consent revoked before init, the log id as eventID for de-duplication. */
export const metaPixel: AdPixelProvider = {
  key: 'meta',
  script: () => ({ url: 'https://connect.facebook.net/en_US/fbevents.js', standIn: 'fbevents.js' }),
  install({ id, win }) {
    if (!win.fbq) {
      // The official snippet's stub: calls queue until fbevents.js replaces callMethod.
      const n = ((...args: unknown[]) => {
        const self = n as unknown as QueueFn;
        if (typeof self.callMethod === 'function') (self.callMethod as (...a: unknown[]) => void)(...args);
        else self.queue.push(args);
      }) as unknown as QueueFn;
      Object.assign(n, { push: n, loaded: true, version: '2.0', queue: [] });
      win.fbq = n;
      win._fbq ??= n;
    }
    // Its script must not send a page view of its own on every route change (excluded paths among them).
    fbq(win).disablePushState = true;
    fbq(win)('consent', 'revoke');
    fbq(win)('init', id);
  },
  consent({ win }, granted) {
    fbq(win)('consent', granted ? 'grant' : 'revoke');
  },
  track({ win }, name, data, eventId) {
    fbq(win)(
      'track',
      NAMES[name],
      defined({
        value: data.value,
        currency: data.currency,
        content_ids: contentIds(data),
        contents: (data.contents ?? []).map((c) => defined({ id: c.id, quantity: c.quantity, item_price: c.price })),
        content_type: data.contentType ?? 'product',
        num_items: itemCount(data),
      }),
      { eventID: eventId },
    );
  },
  identify({ id, win }, emailSha256) {
    // Advanced matching: initialising again with the hashed address attaches it to the following events.
    fbq(win)('init', id, { em: emailSha256 });
  },
};
