import type { AdEventName } from '../ad-event';
import { type AdPixelProvider, defined, itemCount, type QueueFn } from './provider';

/** Pinterest's fixed event names; `checkout` is its purchase, the rest without a name of their own are custom. */
const NAMES: Record<AdEventName, string> = {
  'view-content': 'pagevisit',
  customize: 'custom',
  'add-to-cart': 'addtocart',
  'initiate-checkout': 'custom',
  'add-payment-info': 'custom',
  purchase: 'checkout',
};

const pintrk = (win: Window & Record<string, unknown>) => win.pintrk as QueueFn;

/** Pinterest's tag (core.js): loaded only after consent; the log id as event_id. */
export const pinterestPixel: AdPixelProvider = {
  key: 'pinterest',
  script: () => ({ url: 'https://s.pinimg.com/ct/core.js', standIn: 'pinterest-core.js' }),
  install({ id, win }) {
    if (!win.pintrk) {
      const p = ((...args: unknown[]) => {
        (win.pintrk as QueueFn).queue.push(args);
      }) as unknown as QueueFn;
      p.queue = [];
      p.version = '3.0';
      win.pintrk = p;
    }
    pintrk(win)('load', id);
  },
  // Pinterest's tag has no consent switch: it is simply not loaded before consent (ad-tracker.ts).
  consent() {},
  track({ win }, name, data, eventId) {
    pintrk(win)(
      'track',
      NAMES[name],
      defined({
        event_id: eventId,
        event_name: NAMES[name] === 'custom' ? name : undefined,
        value: data.value,
        currency: data.currency,
        order_quantity: itemCount(data),
        order_id: data.orderNumber,
        line_items: (data.contents ?? []).map((c) =>
          defined({ product_id: c.id, product_quantity: c.quantity, product_price: c.price }),
        ),
      }),
    );
  },
};
