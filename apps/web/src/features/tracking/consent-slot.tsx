import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getAdConsentView, subscribeAdConsent } from '../../lib/ad-pixels/ad-tracker';

// The banner and its footer button are a chunk of their own: a site with no pixel configured never loads them.
const Banner = lazy(() => import('./consent-banner').then((m) => ({ default: m.ConsentBanner })));
const ChoicesButton = lazy(() => import('./consent-banner').then((m) => ({ default: m.ConsentChoicesButton })));

const useConfigured = () => useSyncExternalStore(subscribeAdConsent, getAdConsentView, getAdConsentView).configured;

export function ConsentBannerSlot() {
  return useConfigured() ? (
    <Suspense fallback={null}>
      <Banner />
    </Suspense>
  ) : null;
}

export function ConsentChoicesSlot() {
  return useConfigured() ? (
    <Suspense fallback={null}>
      <ChoicesButton />
    </Suspense>
  ) : null;
}
