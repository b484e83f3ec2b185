import type { AdProvider } from '@mindgauge/contract';
import { googleAdsPixel } from './google-ads';
import { metaPixel } from './meta';
import { microsoftPixel } from './microsoft';
import { pinterestPixel } from './pinterest';
import type { AdPixelProvider } from './provider';
import { snapchatPixel } from './snapchat';
import { tiktokPixel } from './tiktok';

/** Every provider, by key: one module each, one interface for all. */
export const PIXEL_PROVIDERS: Record<AdProvider, AdPixelProvider> = {
  meta: metaPixel,
  tiktok: tiktokPixel,
  googleAds: googleAdsPixel,
  snapchat: snapchatPixel,
  microsoft: microsoftPixel,
  pinterest: pinterestPixel,
};
