import { isLocale, parseScope } from '@mindgauge/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { OfflineBanner } from '../components/offline-banner';
import { TestModeBanner } from '../components/test-mode-banner';
import { ConsentBannerSlot } from '../features/tracking/consent-slot';
import { recordPageView } from '../features/tracking/track-visit';
import { useLandingViewEvent } from '../features/tracking/use-landing-view';
import { adPixelsNavigated } from '../lib/ad-pixels/ad-pixels';
import { pickKeptQuery, readConfig, updateConfig } from '../lib/persisted-config';
import { runtimeConfig } from '../lib/runtime-config';
import { useHydrated } from '../lib/use-hydrated';
import { useAppState } from './app-state';
import { LOAD_ID, scrollKey } from './scroll-key';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Remembers the kept query subset and the exam scope of the page the visitor came in on. */
function useRememberContext() {
  const location = useLocation();
  const { i18n } = useTranslation();
  const setState = useAppState((s) => s.set);
  useEffect(() => {
    const scope = parseScope(location.pathname.split('/').pop());
    const patch: Partial<ReturnType<typeof useAppState.getState>> = {};
    if (isLocale(i18n.language)) patch.locale = i18n.language;
    if (scope) Object.assign(patch, { appCode: scope.code, appExamId: scope.examId });
    setState(patch);
  }, [location.pathname, location.search, i18n.language, setState]);
  useEffect(() => {
    const kept = pickKeptQuery(location.search);
    const scope = parseScope(location.pathname.split('/').pop());
    const patch: Parameters<typeof updateConfig>[0] = {};
    if (Object.keys(kept).length) patch.keptQuery = { ...readConfig().keptQuery, ...kept };
    if (scope) Object.assign(patch, { appCode: scope.code, examId: scope.examId });
    if (Object.keys(patch).length) updateConfig(patch);
  }, [location.search, location.pathname]);
}

/**
 * After a client-side navigation, move focus to the new page's heading so screen readers announce it. The
 * first page of a visit keeps the browser's own focus order (its location key is "default").
 */
function useFocusOnNavigate(mainRef: React.RefObject<HTMLElement | null>) {
  const location = useLocation();
  useEffect(() => {
    const keepFocus = (location.state as { keepFocus?: boolean } | null)?.keepFocus;
    if (location.key === 'default' || location.hash || keepFocus) return;
    const id = requestAnimationFrame(() => {
      const target = mainRef.current?.querySelector<HTMLElement>('h1') ?? mainRef.current;
      if (!target) return;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(id);
  }, [location.key, location.hash, location.state, mainRef]);
}

export function RootLayout() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const mainRef = useRef<HTMLElement>(null);
  // The deployment's and the visitor's parts (consent banner, test-mode banner) are not in prerendered HTML.
  const hydrated = useHydrated();
  useRememberContext();
  useFocusOnNavigate(mainRef);

  useEffect(() => {
    recordPageView(location.pathname, location.pathname.split('/').pop(), i18n.language);
  }, [location.pathname, i18n.language]);
  // The consent rule depends on the path (excluded paths): applied before the page's own effects fire events.
  useEffect(() => adPixelsNavigated(location.pathname), [location.pathname]);
  useLandingViewEvent();
  // The app is live (a prerendered page hydrated and its visitor's parts drawn, or a page rendered): its
  // controls answer from now on. A prerendered page shows its controls earlier; until this marker only
  // plain links work (the page's inline script keeps the click ids in them, scripts/prerender.mjs).
  useEffect(() => {
    if (hydrated) document.documentElement.setAttribute('data-hydrated', '');
  }, [hydrated]);

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {t('a11y.skipToContent')}
      </a>
      {hydrated ? <ConsentBannerSlot /> : null}
      {hydrated ? <TestModeBanner parts={runtimeConfig.testMode} /> : null}
      <SiteHeader />
      <OfflineBanner />
      <div className="route-progress" data-active={navigation.state !== 'idle'} aria-hidden="true" />
      <main id="main" ref={mainRef} className="site-main">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration getKey={(loc) => scrollKey(loc, LOAD_ID)} />
    </div>
  );
}

/** Shown while the first route's code and data load. */
export function BootLoading() {
  const { t } = useTranslation();
  return (
    <div className="boot-loading" role="status">
      <span className="boot-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('a11y.loading')}</span>
    </div>
  );
}
