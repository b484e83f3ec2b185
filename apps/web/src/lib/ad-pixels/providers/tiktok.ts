import type { AdEventName } from '../ad-event';
import { type AdPixelProvider, defined } from './provider';

const NAMES: Record<AdEventName, string> = {
  'view-content': 'ViewContent',
  customize: 'CustomizeProduct',
  'add-to-cart': 'AddToCart',
  'initiate-checkout': 'InitiateCheckout',
  'add-payment-info': 'AddPaymentInfo',
  purchase: 'CompletePayment',
};

const METHODS = ['page', 'track', 'identify', 'instances', 'debug', 'on', 'off', 'once', 'ready', 'alias', 'group'];
const CONSENT = ['enableCookie', 'disableCookie', 'holdConsent', 'revokeConsent', 'grantConsent'];
const SDK = 'https://analytics.tiktok.com/i18n/pixel/events.js';

type Ttq = unknown[] & Record<string, unknown>;
const ttq = (win: Window & Record<string, unknown>) => win.ttq as Ttq & Record<string, (...a: unknown[]) => void>;

/** TikTok's pixel (events.js): consent held until granted, the log id as event_id. */
export const tiktokPixel: AdPixelProvider = {
  key: 'tiktok',
  script: (id) => ({
    url: `${SDK}?sdkid=${encodeURIComponent(id)}&lib=ttq`,
    standIn: `tiktok-events.js?sdkid=${encodeURIComponent(id)}&lib=ttq`,
  }),
  install({ id, win }) {
    if (!win.ttq) {
      // The official snippet's stub: each method queues [name, ...args] until events.js takes over.
      const q = [] as unknown as Ttq;
      for (const m of [...METHODS, ...CONSENT]) q[m] = (...args: unknown[]) => q.push([m, ...args]);
      q.methods = [...METHODS, ...CONSENT];
      q._i = { [id]: Object.assign([], { _u: SDK }) };
      q._t = { [id]: Date.now() };
      q._o = { [id]: {} };
      win.TiktokAnalyticsObject = 'ttq';
      win.ttq = q;
    }
    ttq(win).holdConsent?.();
  },
  consent({ win }, granted) {
    if (granted) ttq(win).grantConsent?.();
    else ttq(win).revokeConsent?.();
  },
  track({ win }, name, data, eventId) {
    ttq(win).track?.(
      NAMES[name],
      defined({
        contents: (data.contents ?? []).map((c) => defined({ content_id: c.id, quantity: c.quantity, price: c.price })),
        content_type: data.contentType ?? 'product',
        value: data.value,
        currency: data.currency,
      }),
      { event_id: eventId },
    );
  },
};
