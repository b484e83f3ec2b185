import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { PageTitle } from '../../components/page-title';
import { localeFromRequest, useLocale } from '../../i18n/use-locale';
import { helpListQuery, useHelpList } from './api/get-help-list';
import { SectionIcon } from './section-icon';

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  const scope = scopeFromParams(params);
  await queryClient.ensureQueryData(helpListQuery(scope.examId, localeFromRequest(request)));
  return null;
}

/** Lower-cased, accent-free text for forgiving search in every language. */
function fold(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export function Component() {
  const { t } = useTranslation();
  const scope = useScope();
  const locale = useLocale();
  const { data } = useHelpList(scope.examId, locale);
  const [query, setQuery] = useState('');
  const deferred = fold(useDeferredValue(query).trim());
  const searchId = useId();

  const sections = data.sections
    .map((s) => ({
      ...s,
      articles: s.articles.filter((a) => !deferred || fold(`${a.title} ${a.summary}`).includes(deferred)),
    }))
    .filter((s) => s.articles.length > 0);

  return (
    <div className="container page">
      <PageTitle title={t('help.title')} />
      <header className="page-header">
        <h1>{t('help.title')}</h1>
        <p className="lead">{t('help.lead')}</p>
        <search className="search-field">
          <label htmlFor={searchId}>{t('help.searchLabel')}</label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('help.searchPlaceholder')}
            autoComplete="off"
          />
        </search>
      </header>

      <p className="visually-hidden" role="status" aria-live="polite">
        {deferred && sections.length === 0 ? t('help.noResults', { query }) : ''}
      </p>
      {deferred && sections.length === 0 ? <p className="empty-state">{t('help.noResults', { query })}</p> : null}

      <div className="help-sections">
        {sections.map((section) => (
          <section key={section.key} className="card help-section" aria-labelledby={`help-${section.key}`}>
            <h2 id={`help-${section.key}`} className="help-section__title">
              <SectionIcon section={section.key} />
              {section.title}
            </h2>
            <ul className="help-section__list">
              {section.articles.map((a) => (
                <li key={a.id}>
                  <AppLink
                    to={buildHref('helpDetail', { scope: scope.value }, { id: a.id })}
                    className="help-article-link"
                  >
                    <span className="help-article-link__title">{a.title}</span>
                    <span className="help-article-link__summary">{a.summary}</span>
                  </AppLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <aside className="callout" aria-labelledby="still-help">
        <h2 id="still-help">{t('help.stillNeedHelp')}</h2>
        <AppLink to={buildHref('support', { scope: scope.value })} className="button button--secondary">
          {t('help.contactSupport')}
        </AppLink>
      </aside>
    </div>
  );
}
