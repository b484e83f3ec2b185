import type { AdEventName } from '../ad-event';
import { gtag } from '../gtag';
import { type AdPixelProvider, defined } from './provider';

const NAMES: Record<AdEventName, string> = {
  'view-content': 'view_item',
  customize: 'customize_product',
  'add-to-cart': 'add_to_cart',
  'initiate-checkout': 'begin_checkout',
  'add-payment-info': 'add_payment_info',
  purchase: 'purchase',
};

/**
 * Google Ads through gtag.js. Consent Mode's default (all four signals denied, 500 ms wait) is in the data
 * layer from the first moment (consent-state.ts), before this tag is even defined.
 */
export const googleAdsPixel: AdPixelProvider = {
  key: 'googleAds',
  script: (id) => ({
    url: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
    standIn: `gtag.js?id=${encodeURIComponent(id)}`,
  }),
  install({ id, win }) {
    gtag(win, 'js', new Date());
    gtag(win, 'config', id);
  },
  // gtag takes consent through Consent Mode (consent-state.ts), for every Google tag at once.
  consent() {},
  track({ id, win, googleAdsPurchaseLabel }, name, data, eventId) {
    const params = defined({
      send_to: id,
      value: data.value,
      currency: data.currency,
      items: (data.contents ?? []).map((c) => defined({ id: c.id, quantity: c.quantity, price: c.price })),
      event_id: eventId,
      transaction_id: data.orderNumber,
    });
    gtag(win, 'event', NAMES[name], params);
    if (name === 'purchase' && googleAdsPurchaseLabel) {
      // The conversion action the operator created in Google Ads counts the sale.
      gtag(
        win,
        'event',
        'conversion',
        defined({
          send_to: `${id}/${googleAdsPurchaseLabel}`,
          value: data.value,
          currency: data.currency,
          transaction_id: data.orderNumber,
        }),
      );
    }
  },
};
