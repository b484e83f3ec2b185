import { isLocale, type Locale, resolveLocale } from '@mindgauge/contract';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : 'en';
}

/** The locale a loader should fetch for: `hl` of the URL being loaded, else the current language. */
export function localeFromRequest(request: Request): Locale {
  const hl = new URL(request.url).searchParams.get('hl');
  if (hl) return resolveLocale(hl);
  return isLocale(i18next.language) ? i18next.language : 'en';
}
