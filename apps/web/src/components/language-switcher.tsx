import { isLocale, LOCALE_NATIVE_NAMES, LOCALES, type Locale } from '@mindgauge/contract';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLanguages } from '../api/get-languages';
import { useAppState } from '../app/app-state';
import { useScope } from '../app/use-scope';
import { changeLocale } from '../i18n/i18n';
import { readConfig, updateConfig } from '../lib/persisted-config';
import { useHydrated } from '../lib/use-hydrated';

/** A native select: the most usable language picker on a phone and with a screen reader. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const current = (isLocale(i18n.language) ? i18n.language : 'en') as Locale;
  const scope = useScope();
  // Not while hydrating: the prerendered page lists all nine, and the list may be in the cache already
  // (ScreenModule.prefetch).
  const hydrated = useHydrated();
  const loaded = useLanguages(scope.examId).data;
  const languages = hydrated ? loaded : undefined;
  const setState = useAppState((s) => s.set);
  useEffect(() => {
    if (languages) setState({ languageList: languages });
  }, [languages, setState]);
  // The exam's own list once loaded; all nine before that (and for an exam the API does not know).
  const offered = languages?.length ? languages.map((l) => l.hl) : [...LOCALES];
  const options = offered.includes(current) ? offered : [current, ...offered];

  async function choose(next: string) {
    if (!isLocale(next) || next === current) return;
    await changeLocale(next);
    const params = new URLSearchParams(location.search);
    params.set('hl', next);
    updateConfig({ keptQuery: { ...readConfig().keptQuery, hl: next } });
    navigate(
      { pathname: location.pathname, search: `?${params}`, hash: location.hash },
      { replace: true, preventScrollReset: true, state: { keepFocus: true } },
    );
  }

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('language.choose')}
      </label>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="icon">
        <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16Zm3-8h-3a8 8 0 0 1 4.4-3.6C8.9 5.5 8.5 6.7 8.1 8ZM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.2 5.6c.6-1.1 1.1-2.3 1.4-3.6h3a8 8 0 0 1-4.4 3.6Zm1.8-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z" />
      </svg>
      <select id={id} value={current} onChange={(e) => void choose(e.target.value)} lang={current}>
        {options.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NATIVE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
