import type { TSharedResult } from '@mindgauge/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { PageTitle } from '../../components/page-title';
import { formatDate } from '../../i18n/format-date';
import { localeFromRequest, useLocale } from '../../i18n/use-locale';
import { ApiResponseError } from '../../lib/api-client';
import { sharedResultQuery } from './api/get-shared-result';

export const shareIdOf = (search: URLSearchParams) => {
  const id = search.get('id') ?? '';
  if (!/^[A-Za-z0-9_-]{22}$/.test(id)) throw data(null, { status: 404 });
  return id;
};

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  scopeFromParams(params);
  const search = new URL(request.url).searchParams;
  try {
    await queryClient.ensureQueryData(sharedResultQuery(shareIdOf(search), localeFromRequest(request)));
  } catch (err) {
    // A revoked or unknown link is the 404 page: nothing about anyone is shown.
    if (err instanceof ApiResponseError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
  return null;
}

/** The shared result of the link in the address (either test's), as the loader fetched it. */
export function useSharedResult(): TSharedResult {
  const locale = useLocale();
  const [search] = useSearchParams();
  return useSuspenseQuery(sharedResultQuery(shareIdOf(search), locale)).data;
}

/** What an IQ share link shows: the test and the class, and the score only when its owner chose to show it. */
export function SharedIqResult({ result: r }: { result: TSharedResult }) {
  const { t } = useTranslation('report');
  const scope = useScope();
  const locale = useLocale();
  const date = formatDate(r.takenAt, locale);
  return (
    <article className="container page page--narrow shared-result" aria-labelledby="shared-title">
      <PageTitle title={t('share.pageTitle')} />
      <h1 id="shared-title">{t('share.pageTitle')}</h1>
      <p className="lead">{t('share.pageLead')}</p>
      <section className="card report-score">
        <p className="meta">{r.examName}</p>
        {r.iq !== null ? (
          <p className="report-score__iq" data-testid="shared-iq">
            <strong className="report-score__value">{t('share.iq', { iq: r.iq })}</strong>
          </p>
        ) : null}
        <p className="report-score__class" data-testid="shared-class">
          {t('class', { name: r.className })}
        </p>
        {r.bound !== null ? (
          // Shown as the owner chose, but there is no number: below the range the test measures.
          <p data-testid="shared-below-range">{t('belowRange.headline', { bound: r.bound })}</p>
        ) : r.iq === null ? (
          <p className="meta">{t('share.scoreHidden')}</p>
        ) : null}
        <p className="meta">{t('share.takenOn', { date })}</p>
      </section>
      <AppLink
        to={buildHref('landing', { variant: 'test_center', scope: scope.value })}
        className="button button--primary button--large"
      >
        {t('share.imageCta')}
      </AppLink>
    </article>
  );
}

/** The IQ share's page on its own (the app composes it with the personality share in app/routes). */
export function Component() {
  return <SharedIqResult result={useSharedResult()} />;
}
