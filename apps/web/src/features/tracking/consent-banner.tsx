import type { AdProvider } from '@mindgauge/contract';
import { type Locale, resolveLocale } from '@mindgauge/contract';
import { loadConsentResources } from '@mindgauge/locales';
import i18next from 'i18next';
import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getAdConsentView,
  openAdConsentChoices,
  setAdConsentChoice,
  subscribeAdConsent,
} from '../../lib/ad-pixels/ad-tracker';
import type { ConsentChoice } from '../../lib/ad-pixels/consent-rule';

/** The providers' own names: proper nouns, the same in every language. */
const PROVIDER_NAMES: Record<AdProvider, string> = {
  meta: 'Meta',
  tiktok: 'TikTok',
  googleAds: 'Google Ads',
  snapchat: 'Snapchat',
  microsoft: 'Microsoft Advertising',
  pinterest: 'Pinterest',
};

const useAdConsent = () => useSyncExternalStore(subscribeAdConsent, getAdConsentView, getAdConsentView);

/**
 * Loads the banner's texts in the page's language (again when it changes); true when they are there. The
 * namespace is its own chunk per locale, fetched only on sites with a pixel.
 */
function useConsentTexts(wanted: boolean): boolean {
  const { i18n } = useTranslation();
  const locale: Locale = resolveLocale(i18n.language);
  const [loaded, setLoaded] = useState<Locale | null>(null);
  useEffect(() => {
    if (!wanted || loaded === locale) return;
    let live = true;
    void loadConsentResources(locale).then((r) => {
      i18next.addResourceBundle(locale, 'consent', r.consent, true, true);
      if (live) setLoaded(locale);
    });
    return () => {
      live = false;
    };
  }, [wanted, loaded, locale]);
  return loaded === locale;
}

/**
 * The ad consent banner (visitors in Europe, or anyone from the footer). Refusing is exactly as easy as
 * allowing: two buttons of the same style, size and weight, side by side, refuse first in reading order,
 * no pre-ticked box, no second layer. It sits in the page's flow, first after the skip link, so it never
 * covers content and the keyboard reaches it first.
 */
export function ConsentBanner() {
  const view = useAdConsent();
  const { t, i18n } = useTranslation('consent');
  const loaded = useConsentTexts(view.bannerOpen);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const savedRef = useRef<HTMLParagraphElement>(null);
  const [saved, setSaved] = useState(false);
  const opened = useRef(false);

  useLayoutEffect(() => {
    // Reopened from the footer: take the visitor to it. On arrival the browser's own focus order stays.
    if (view.bannerOpen && loaded && opened.current) heading.current?.focus();
  }, [view.bannerOpen, loaded]);
  useLayoutEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);
  useLayoutEffect(() => {
    const onOpen = () => {
      opened.current = true;
      setSaved(false);
    };
    window.addEventListener('mindgauge:consent-open', onOpen);
    return () => window.removeEventListener('mindgauge:consent-open', onOpen);
  }, []);

  function choose(choice: ConsentChoice) {
    setAdConsentChoice(choice);
    setSaved(true);
  }

  if (saved && !view.bannerOpen && loaded) {
    return (
      <p ref={savedRef} tabIndex={-1} className="consent-saved container" role="status">
        {t('saved')}
      </p>
    );
  }
  if (!view.bannerOpen || !loaded) return null;
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    view.providers.map((p) => PROVIDER_NAMES[p]),
  );
  return (
    <section className="consent-banner" aria-labelledby={titleId}>
      <div className="container consent-banner__inner">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="consent-banner__title">
          {t('title')}
        </h2>
        <p>{view.providers.length > 0 ? t('fromAd', { providers: names }) : t('notFromAd')}</p>
        {view.providers.includes('meta') ? <p>{t('email')}</p> : null}
        <p>{t('noEffect')}</p>
        <div className="consent-banner__actions">
          <button
            type="button"
            className="button button--secondary consent-banner__choice"
            onClick={() => choose('denied')}
          >
            {t('reject')}
          </button>
          <button
            type="button"
            className="button button--secondary consent-banner__choice"
            onClick={() => choose('granted')}
          >
            {t('accept')}
          </button>
        </div>
      </div>
    </section>
  );
}

/** "Ad privacy choices" in the footer's list of every page, wherever a pixel is configured. */
export function ConsentChoicesButton() {
  const view = useAdConsent();
  const { t } = useTranslation('consent');
  const loaded = useConsentTexts(view.configured);
  if (!view.configured || !loaded) return null;
  return (
    <li>
      <button
        type="button"
        className="link-button"
        onClick={() => {
          window.dispatchEvent(new Event('mindgauge:consent-open'));
          openAdConsentChoices();
          window.scrollTo({ top: 0 });
        }}
      >
        {t('choices')}
      </button>
    </li>
  );
}
