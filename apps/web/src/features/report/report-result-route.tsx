import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useQueryParam } from '../../app/use-query-param';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { BellCurve } from '../../components/bell-curve';
import { PageTitle } from '../../components/page-title';
import { localeFromRequest, useLocale } from '../../i18n/use-locale';
import { reportQuery } from './api/get-report';
import { AboutTheTest } from './components/about-the-test';
import { DimensionList } from './components/dimension-list';
import { EmailChangeConfirm } from './components/email-change-confirm';
import { RankingSection } from './components/ranking-section';
import { ReportTabs } from './components/report-tabs';
import { ShareSection } from './components/share-section';

type ReportTab = 'overview' | 'dimensions';

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  scopeFromParams(params);
  const search = new URL(request.url).searchParams;
  await queryClient.ensureQueryData(
    reportQuery(orderFromSearch(search), search.get('token'), localeFromRequest(request)),
  );
  return null;
}

/**
 * The report's overview: the IQ with its 95% range from the measured error, the class and the percentile,
 * and the person's place on the population curve. An unpaid order shows no number, only the way to unlock.
 */
export function Component() {
  return <ReportResultScreen />;
}

/**
 * The report screen. `afterOverview`, when given (app/ composes the buyer's review form), is drawn under the
 * overview of a paid report.
 */
export function ReportResultScreen({
  afterOverview,
}: {
  afterOverview?: (order: { orderNumber: string; token: string | null }) => ReactNode;
}) {
  const { t } = useTranslation(['report', 'lab']);
  const scope = useScope();
  const [search] = useSearchParams();
  const [tabParam, setTab] = useQueryParam('tab');
  const orderNumber = orderFromSearch(search);
  const locale = useLocale();
  const { data } = useSuspenseQuery(reportQuery(orderNumber, search.get('token'), locale));

  if (!data.report && data.refused === 'REPORT_ACCESS_DENIED') {
    return (
      <section className="status-screen container" aria-labelledby="report-title">
        <PageTitle title={t('denied.title')} />
        <h1 id="report-title">{t('denied.title')}</h1>
        <p>{t('denied.lead')}</p>
        <AppLink
          to={buildHref('reportRetrieve', { scope: scope.value })}
          className="button button--primary button--large"
        >
          {t('denied.retrieve')}
        </AppLink>
      </section>
    );
  }
  if (!data.report) {
    return (
      <section className="status-screen container" aria-labelledby="report-title">
        <PageTitle title={t('locked.title')} />
        <h1 id="report-title">{t('locked.title')}</h1>
        <p>{t('locked.lead')}</p>
        <AppLink
          to={buildHref('payingScheme', { scope: scope.value }, { order: orderNumber })}
          className="button button--primary button--large"
        >
          {t('locked.unlock')}
        </AppLink>
      </section>
    );
  }

  const r = data.report.result;
  const token = search.get('token');
  const withToken = { order: orderNumber, ...(token ? { token } : {}) };
  const newEmail = search.get('emailChange');
  const confirm = search.get('confirm');
  const tab: ReportTab = tabParam === 'dimensions' ? 'dimensions' : 'overview';
  const select = (next: ReportTab) => setTab(next === 'overview' ? null : next);
  return (
    <article className="container page report" aria-labelledby="report-title">
      <PageTitle title={t('title')} />
      <h1 id="report-title">{t('title')}</h1>
      <p className="meta">{t('order', { orderNumber })}</p>
      {newEmail && confirm ? <EmailChangeConfirm orderNumber={orderNumber} email={newEmail} confirm={confirm} /> : null}
      <ReportTabs
        label={t('tabs.label')}
        tabs={[
          { key: 'overview', label: t('tabs.overview') },
          { key: 'dimensions', label: t('tabs.dimensions') },
        ]}
        selected={tab}
        onSelect={select}
      >
        {tab === 'overview' ? (
          <div className="report">
            <section className="card report-score" aria-labelledby="score-title">
              <h2 id="score-title" className="visually-hidden">
                {t('scoreTitle')}
              </h2>
              {r.iq === null || r.percentile === null ? (
                // Below the range the test measures: the bound and the class, no number.
                <>
                  <p className="report-score__iq" data-testid="report-below-range">
                    <strong>{t('belowRange.headline', { bound: r.bound })}</strong>
                  </p>
                  <p className="report-score__class" data-testid="report-class">
                    {t('class', { name: r.className })}
                  </p>
                  <p>{r.belowRangeText}</p>
                </>
              ) : (
                <>
                  <p className="report-score__iq">
                    <span className="report-score__label">{t('iqLabel')}</span>
                    <strong className="report-score__value" data-testid="report-iq">
                      {r.iq}
                    </strong>
                  </p>
                  <p className="report-score__range" data-testid="report-range">
                    {t('range', { low: r.rangeLow, high: r.rangeHigh })}
                  </p>
                  <p className="report-score__class" data-testid="report-class">
                    {t('class', { name: r.className })}
                  </p>
                  <p>{t('percentile', { percent: Math.round(r.percentile) })}</p>
                </>
              )}
            </section>
            {r.entitlements.includes('answerAnalysis') ? (
              <AppLink
                to={buildHref('reportWrong', { scope: scope.value }, withToken)}
                className="button button--primary button--block"
              >
                {t('wrong.open')}
              </AppLink>
            ) : null}
            <AppLink
              to={buildHref('reportDownload', { scope: scope.value }, withToken)}
              className="button button--secondary button--block"
            >
              {t('download.filesLink')}
            </AppLink>
            {r.entitlements.includes('brainTests') ? (
              <AppLink
                to={buildHref('reportFreeTest', { scope: scope.value }, withToken)}
                className="button button--secondary button--block"
              >
                {t('lab:filesLink')}
              </AppLink>
            ) : null}
            <AppLink
              to={buildHref('payinsider', { scope: scope.value }, withToken)}
              className="button button--secondary button--block"
            >
              {t('extrasLink')}
            </AppLink>
            {r.iq !== null && r.percentile !== null ? (
              <>
                <section className="card" aria-labelledby="curve-title">
                  <h2 id="curve-title">{t('curveTitle')}</h2>
                  <BellCurve label={t('curveLabel', { iq: r.iq, percent: Math.round(r.percentile) })} marker={r.iq} />
                  <p className="meta">{t('rangeExplained')}</p>
                </section>
                <RankingSection ranking={r.ranking} percentile={r.percentile} />
              </>
            ) : null}
            {r.provisionalNorms ? (
              <p className="notice" role="note">
                {r.normNote}
              </p>
            ) : (
              <p className="meta">{r.normNote}</p>
            )}
            <AboutTheTest about={data.report.about} />
            <ShareSection orderNumber={orderNumber} token={token} />
            {afterOverview?.({ orderNumber, token })}
          </div>
        ) : r.dimensions ? (
          <DimensionList dimensions={r.dimensions} />
        ) : (
          <p className="notice">{t('dimensions.notIncluded')}</p>
        )}
      </ReportTabs>
    </article>
  );
}
