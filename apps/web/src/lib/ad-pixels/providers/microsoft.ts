import type { AdEventName } from '../ad-event';
import { type AdPixelProvider, contentIds, defined } from './provider';

const NAMES: Record<AdEventName, string> = {
  'view-content': 'view_item',
  customize: 'customize_product',
  'add-to-cart': 'add_to_cart',
  'initiate-checkout': 'begin_checkout',
  'add-payment-info': 'add_payment_info',
  purchase: 'purchase',
};

type Uetq = { push: (...args: unknown[]) => void };
const uetq = (win: Window & Record<string, unknown>) => win.uetq as Uetq;

/** Microsoft Advertising's UET tag (bat.js), with its own consent mode (ad_storage). */
export const microsoftPixel: AdPixelProvider = {
  key: 'microsoft',
  script: () => ({ url: 'https://bat.bing.com/bat.js', standIn: 'bat.js' }),
  install({ win }) {
    win.uetq ??= [];
    uetq(win).push('consent', 'default', { ad_storage: 'denied' });
  },
  afterLoad({ id, win }) {
    // As the official snippet: the UET object takes over the queue once bat.js has defined it.
    const UET = win.UET as (new (o: Record<string, unknown>) => Uetq) | undefined;
    if (!UET || !Array.isArray(win.uetq)) return;
    const tag = new UET({ ti: id, q: win.uetq, enableAutoSpaTracking: false });
    win.uetq = tag;
    tag.push('pageLoad');
  },
  consent({ win }, granted) {
    uetq(win).push('consent', 'update', { ad_storage: granted ? 'granted' : 'denied' });
  },
  track({ win }, name, data, eventId) {
    uetq(win).push(
      'event',
      NAMES[name],
      defined({
        revenue_value: data.value,
        currency: data.currency,
        ecomm_prodid: contentIds(data),
        ecomm_pagetype: 'product',
        transaction_id: data.orderNumber,
        event_id: eventId,
      }),
    );
  },
};
