import type { AdProvider } from '@mindgauge/contract';
import type { Env } from '../../config/env';

/** The configured pixels, as the browser receives them: a provider is present only when its id is set. */
export type PixelIds = Partial<Record<AdProvider, string>>;

export interface PixelConfig {
  ids: PixelIds;
  /** The Google Ads conversion label of the purchase (`AW-…/label`), when the operator set one. */
  googleAdsPurchaseLabel?: string;
  /** Tests: every provider's script comes from this origin (local stand-ins) instead of the provider's. */
  scriptOrigin?: string;
}

export function pixelConfigOf(env: Env): PixelConfig {
  const ids: PixelIds = {};
  const set = (p: AdProvider, v: string | undefined) => {
    if (v) ids[p] = v;
  };
  set('meta', env.PIXEL_META_ID);
  set('tiktok', env.PIXEL_TIKTOK_ID);
  set('googleAds', env.PIXEL_GOOGLE_ADS_ID);
  set('snapchat', env.PIXEL_SNAPCHAT_ID);
  set('microsoft', env.PIXEL_MICROSOFT_ID);
  set('pinterest', env.PIXEL_PINTEREST_ID);
  return {
    ids,
    ...(env.PIXEL_GOOGLE_ADS_PURCHASE_LABEL ? { googleAdsPurchaseLabel: env.PIXEL_GOOGLE_ADS_PURCHASE_LABEL } : {}),
    ...(env.PIXEL_SCRIPT_ORIGIN ? { scriptOrigin: env.PIXEL_SCRIPT_ORIGIN } : {}),
  };
}

/** What one provider's browser part needs from the CSP, per directive. */
export interface CspSources {
  script: string[];
  connect: string[];
  img: string[];
  frame: string[];
}

/**
 * Each provider's hosts, from its own CSP documentation: its script, the endpoints its pixel sends to
 * (beacons, fetch, image requests) and the frames some of them add. Only configured providers are allowed.
 */
const PROVIDER_HOSTS: Record<AdProvider, CspSources> = {
  meta: {
    script: ['https://connect.facebook.net'],
    connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
    img: ['https://www.facebook.com'],
    frame: [],
  },
  tiktok: {
    script: ['https://analytics.tiktok.com'],
    connect: ['https://analytics.tiktok.com'],
    img: ['https://analytics.tiktok.com'],
    frame: [],
  },
  googleAds: {
    script: [
      'https://www.googletagmanager.com',
      'https://www.googleadservices.com',
      'https://googleads.g.doubleclick.net',
    ],
    connect: [
      'https://www.googletagmanager.com',
      'https://www.googleadservices.com',
      'https://googleads.g.doubleclick.net',
      'https://pagead2.googlesyndication.com',
      'https://www.google.com',
    ],
    img: ['https://www.googletagmanager.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
    frame: ['https://td.doubleclick.net', 'https://www.googletagmanager.com'],
  },
  snapchat: {
    script: ['https://sc-static.net'],
    connect: ['https://tr.snapchat.com', 'https://tr-shadow.snapchat.com'],
    img: ['https://tr.snapchat.com'],
    frame: ['https://tr.snapchat.com'],
  },
  microsoft: {
    script: ['https://bat.bing.com'],
    connect: ['https://bat.bing.com', 'https://bat.bing.net'],
    img: ['https://bat.bing.com', 'https://bat.bing.net'],
    frame: [],
  },
  pinterest: {
    script: ['https://s.pinimg.com'],
    connect: ['https://ct.pinterest.com'],
    img: ['https://ct.pinterest.com'],
    frame: [],
  },
};

/**
 * The CSP additions for the configured pixels: exactly their providers' hosts, nothing when none is
 * configured. With a stand-in origin (tests), that origin replaces every provider's hosts.
 */
export function pixelCspSources(config: PixelConfig): CspSources {
  const out: CspSources = { script: [], connect: [], img: [], frame: [] };
  const providers = Object.keys(config.ids) as AdProvider[];
  if (providers.length === 0) return out;
  if (config.scriptOrigin) {
    const o = config.scriptOrigin;
    return { script: [o], connect: [o], img: [o], frame: [] };
  }
  for (const p of providers) {
    const hosts = PROVIDER_HOSTS[p];
    for (const key of ['script', 'connect', 'img', 'frame'] as const) {
      for (const h of hosts[key]) if (!out[key].includes(h)) out[key].push(h);
    }
  }
  return out;
}
