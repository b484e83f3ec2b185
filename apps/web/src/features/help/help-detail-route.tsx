import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { PageTitle } from '../../components/page-title';
import { RichText } from '../../components/rich-text';
import { formatDate } from '../../i18n/format-date';
import { localeFromRequest, useLocale } from '../../i18n/use-locale';
import { helpArticleQuery, useHelpArticle } from './api/get-help-article';
import { SectionIcon } from './section-icon';

/** The article id travels as `?id=`, since every path ends in `{code}-{examId}`. */
function articleId(search: URLSearchParams): number {
  const raw = search.get('id') ?? '';
  const id = /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(id)) throw data(null, { status: 404 });
  return id;
}

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  scopeFromParams(params);
  const id = articleId(new URL(request.url).searchParams);
  await queryClient.ensureQueryData(helpArticleQuery(id, localeFromRequest(request)));
  return null;
}

export function Component() {
  const { t } = useTranslation();
  const scope = useScope();
  const locale = useLocale();
  const [search] = useSearchParams();
  const { data: article } = useHelpArticle(articleId(search), locale);
  const helpHref = buildHref('help', { scope: scope.value });

  return (
    <div className="container page page--narrow">
      <PageTitle title={article.title} />
      <nav aria-label={t('a11y.breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <AppLink to={helpHref}>{t('help.title')}</AppLink>
          </li>
          <li>
            <span>{article.sectionTitle}</span>
          </li>
        </ol>
      </nav>
      <article className="article card">
        <header className="article__header">
          <p className="eyebrow">
            <SectionIcon section={article.section} /> {article.sectionTitle}
          </p>
          <h1>{article.title}</h1>
          <p className="lead">{article.summary}</p>
          <p className="meta">{t('help.updated', { date: formatDate(article.updatedAt, locale) })}</p>
        </header>
        <RichText source={article.body} scope={scope.value} />
      </article>

      {article.related.length > 0 ? (
        <section className="related" aria-labelledby="related-title">
          <h2 id="related-title">{t('help.related')}</h2>
          <ul className="link-list">
            {article.related.map((r) => (
              <li key={r.id}>
                <AppLink to={buildHref('helpDetail', { scope: scope.value }, { id: r.id })}>{r.title}</AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="button-row">
        <AppLink to={helpHref} className="button button--ghost">
          ← {t('help.backToHelp')}
        </AppLink>
        <AppLink to={buildHref('support', { scope: scope.value })} className="button button--secondary">
          {t('help.contactSupport')}
        </AppLink>
      </div>
    </div>
  );
}
