import type { AdEventName } from '../ad-event';
import { type AdPixelProvider, contentIds, defined, itemCount, type QueueFn } from './provider';

/** Snap has no customize event: its first custom event stands for it (named in the README). */
const NAMES: Record<AdEventName, string> = {
  'view-content': 'VIEW_CONTENT',
  customize: 'CUSTOM_EVENT_1',
  'add-to-cart': 'ADD_CART',
  'initiate-checkout': 'START_CHECKOUT',
  'add-payment-info': 'ADD_BILLING',
  purchase: 'PURCHASE',
};

const snaptr = (win: Window & Record<string, unknown>) => win.snaptr as QueueFn;

/** Snap's pixel (scevent.min.js): loaded only after consent; the log id as client_dedup_id. */
export const snapchatPixel: AdPixelProvider = {
  key: 'snapchat',
  script: () => ({ url: 'https://sc-static.net/scevent.min.js', standIn: 'scevent.min.js' }),
  install({ id, win }) {
    if (!win.snaptr) {
      const a = ((...args: unknown[]) => {
        const self = a as unknown as QueueFn;
        if (typeof self.handleRequest === 'function') (self.handleRequest as (...x: unknown[]) => void)(...args);
        else self.queue.push(args);
      }) as unknown as QueueFn;
      a.queue = [];
      win.snaptr = a;
    }
    snaptr(win)('init', id, {});
  },
  // Snap's pixel has no consent switch: it is simply not loaded before consent (ad-tracker.ts).
  consent() {},
  track({ win }, name, data, eventId) {
    snaptr(win)(
      'track',
      NAMES[name],
      defined({
        price: data.value,
        currency: data.currency,
        item_ids: contentIds(data),
        number_items: itemCount(data),
        item_category: data.contentType,
        transaction_id: data.orderNumber,
        client_dedup_id: eventId,
      }),
    );
  },
};
