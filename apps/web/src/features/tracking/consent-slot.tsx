import { lazy, Suspense } from 'react';
import { adPixelsConfigured } from '../../lib/ad-pixels/ad-pixels';

// The banner and its footer button are a chunk of their own: a site with no pixel configured never loads them.
const Banner = lazy(() => import('./consent-banner').then((m) => ({ default: m.ConsentBanner })));
const ChoicesButton = lazy(() => import('./consent-banner').then((m) => ({ default: m.ConsentChoicesButton })));

export function ConsentBannerSlot() {
  return adPixelsConfigured() ? (
    <Suspense fallback={null}>
      <Banner />
    </Suspense>
  ) : null;
}

export function ConsentChoicesSlot() {
  return adPixelsConfigured() ? (
    <Suspense fallback={null}>
      <ChoicesButton />
    </Suspense>
  ) : null;
}
