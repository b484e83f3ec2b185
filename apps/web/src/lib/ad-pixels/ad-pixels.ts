import { AD_CLICK_PARAMS, CONSENT_WAIT_MS, recordAttribution } from '@mindgauge/contract';
import { call } from '../api-client';
import { pickKeptQuery, readConfig } from '../persisted-config';
import type { Continent, RuntimeConfig } from '../runtime-config';
import { persistent, session } from '../storage';
import type { AdEventData, AdEventName } from './ad-event';
import type { PixelWindow } from './providers/provider';

/**
 * What the rest of the app calls. The tracker (Consent Mode's default, the rule, the providers) is a chunk
 * loaded only when the operator configured a pixel, so a site without pixels pays nothing for them; no tag
 * can load before that chunk has put the default in place. Calls made meanwhile run in order after it.
 */
type Tracker = typeof import('./ad-tracker');
let tracker: Promise<Tracker> | undefined;
let configured = false;

function later(run: (t: Tracker) => unknown): void {
  void tracker?.then(run);
}

export function initAdPixels(options: {
  config: Pick<RuntimeConfig, 'pixels' | 'mode'>;
  continent: Continent;
  pathname: string;
  win?: PixelWindow;
}): void {
  configured = Object.keys(options.config.pixels.ids).length > 0;
  if (!configured) return;
  tracker = import('./ad-tracker');
  later((t) =>
    t.initAdPixels({
      ...options,
      deps: {
        persistent,
        session,
        keptQuery: (search) => ({ ...readConfig().keptQuery, ...pickKeptQuery(search) }),
        clickParams: AD_CLICK_PARAMS,
        consentWaitMs: CONSENT_WAIT_MS,
        recordAttribution: (body) => call(recordAttribution, { body }),
      },
    }),
  );
}

/** Whether any pixel is configured (the footer's choices link and the banner exist only then). */
export const adPixelsConfigured = () => configured;

export const adPixelsNavigated = (pathname: string) => later((t) => t.adPixelsNavigated(pathname));
export const adPixelsLogidReady = () => later((t) => t.adPixelsLogidReady());
export const trackAdEvent = (name: AdEventName, data?: AdEventData) => later((t) => t.trackAdEvent(name, data));
/** The order being paid: the server may send its purchase too, under the pixels' rules (decision 0032). */
export const shareAdAttribution = (orderNumber: string) => later((t) => t.shareAttribution(orderNumber));
export const trackPurchaseOnce = (orderNumber: string, data: AdEventData) =>
  later((t) => t.trackPurchaseOnce(orderNumber, data));
