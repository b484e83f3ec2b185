import { LOCALES, type Locale } from '@mindgauge/contract';
import { UI_NAMESPACES } from '@mindgauge/locales';
import type { InitOptions } from 'i18next';

/**
 * i18next's settings, the same in the browser and in the prerender (so a prerendered page's texts are the
 * ones hydration finds): no resources up front, each namespace of each locale added as it loads.
 */
export function i18nextOptions(lng: Locale, fallbackLng: Locale): InitOptions {
  return {
    lng,
    fallbackLng,
    supportedLngs: [...LOCALES],
    ns: [...UI_NAMESPACES],
    defaultNS: 'common',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  };
}
