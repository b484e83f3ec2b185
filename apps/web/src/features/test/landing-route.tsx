import type { Locale, TIqClass } from '@mindgauge/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { examQuery } from '../../api/get-exams';
import { useAppState } from '../../app/app-state';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { BellCurve } from '../../components/bell-curve';
import { CountryTable } from '../../components/country-table';
import { NumberedSteps } from '../../components/numbered-steps';
import { PageTitle } from '../../components/page-title';
import { localeFromRequest, useLocale } from '../../i18n/use-locale';
import { numberFormat } from '../../lib/intl-cache';
import { useDeferredQueryData } from '../../lib/use-deferred-query-data';
import { examStatsQuery } from './api/get-exam-stats';

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  const scope = scopeFromParams(params);
  // A gift link: the code waits in this tab until the report choice, where it pays for the report.
  const gift = new URL(request.url).searchParams.get('gift');
  if (gift && /^[A-Za-z0-9_-]{22}$/.test(gift)) useAppState.getState().set({ giftCode: gift });
  await Promise.all([
    queryClient.ensureQueryData(examQuery(scope.examId, localeFromRequest(request))),
    queryClient.ensureQueryData(examStatsQuery(scope.examId)),
  ]);
  return null;
}

/** Starts what the landing's parts read (the exam's facts and classes, the country table), not waiting. */
export function prefetchTestLanding(queryClient: QueryClient, examId: number, locale: Locale): void {
  void queryClient.prefetchQuery(examQuery(examId, locale));
  void queryClient.prefetchQuery(examStatsQuery(examId));
}

/** "145+", "130–144", "< 70": the classes as visitors read them. */
function rangeLabel(c: TIqClass): string {
  if (c.max === null) return `${c.min}+`;
  if (c.min === null) return `< ${c.max}`;
  return `${c.min}–${c.max - 1}`;
}

/** The test-centre landing: start the test; facts, the distribution, the classification, the steps. */
export function Component() {
  return <TestLanding />;
}

// The parts drawn from the API are leaves that read their own query: the data's arrival (right after a
// prerendered landing hydrates) re-renders them alone, not the landing with its hero, and in a transition
// (lib/use-deferred-query-data.ts).

function FactsLine({ examId }: { examId: number }) {
  const { t } = useTranslation('test');
  const exam = useDeferredQueryData(examQuery(examId, useLocale()));
  const minutes = exam ? Math.round(exam.timeLimitSeconds / 60) : 25;
  return <p className="facts-line">{t('landing.facts', { questions: exam?.questionCount ?? 30, minutes })}</p>;
}

function ClassList({ examId }: { examId: number }) {
  const { t } = useTranslation('test');
  const locale = useLocale();
  const exam = useDeferredQueryData(examQuery(examId, locale));
  const percent = numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <ul className="class-list">
      {(exam?.classes ?? []).map((c) => (
        <li key={c.id}>
          <span className="class-list__name">{c.name}</span>
          <span className="class-list__range">{t('landing.classRange', { range: rangeLabel(c) })}</span>
          <span className="class-list__share">{t('landing.share', { share: percent.format(c.share) })}</span>
        </li>
      ))}
    </ul>
  );
}

function Countries({ examId }: { examId: number }) {
  const stats = useDeferredQueryData(examStatsQuery(examId));
  return stats ? <CountryTable countries={stats.countries} minSample={stats.minSample} tested={stats.tested} /> : null;
}

/**
 * The landing's content. `hero`, when given (by app/ composing a landing identity), draws the hero around
 * the landing's call to action instead of the plain one; the distribution then gets its own section.
 * `proof` (social proof from the platform's records, composed by app/) goes before the steps.
 */
export function TestLanding({ hero, proof }: { hero?: (cta: ReactNode) => ReactNode; proof?: ReactNode }) {
  const { t } = useTranslation('test');
  const scope = useScope();
  const startHref = buildHref('answerStartLoading', { scope: scope.value });
  const gift = useAppState((s) => s.giftCode);

  const cta = (
    <>
      <FactsLine examId={scope.examId} />
      {gift ? (
        <p className="notice notice--success landing-gift">
          <strong>{t('landing.giftTitle')}</strong> {t('landing.giftLead')}
        </p>
      ) : null}
      <AppLink to={startHref} className="button button--primary button--large">
        {t('landing.start')}
      </AppLink>
    </>
  );
  const distribution = (
    <div className="card distribution-card">
      <h2 className="distribution-card__title">{t('landing.distributionTitle')}</h2>
      <BellCurve label={t('landing.distributionLabel')} />
      <p className="meta">{t('landing.distributionLead')}</p>
    </div>
  );

  return (
    <>
      <PageTitle title={t('landing.title')} />
      {hero ? (
        <>
          {hero(cta)}
          <section className="container section">{distribution}</section>
        </>
      ) : (
        <section className="hero hero--landing">
          <div className="container hero__inner">
            <div className="hero__copy">
              <p className="eyebrow">{t('landing.eyebrow')}</p>
              <h1>{t('landing.title')}</h1>
              <p className="lead">{t('landing.lead')}</p>
              {cta}
            </div>
            {distribution}
          </div>
        </section>
      )}

      <section className="container section" aria-labelledby="classes-title">
        <h2 id="classes-title">{t('landing.classesTitle')}</h2>
        <ClassList examId={scope.examId} />
      </section>

      <section className="section section--tinted" aria-labelledby="facts-title">
        <div className="container">
          <h2 id="facts-title">{t('landing.factsTitle')}</h2>
          <div className="grid grid--3">
            {(['fact1', 'fact2', 'fact3'] as const).map((f) => (
              <p key={f} className="promise">
                {t(`landing.${f}`)}
              </p>
            ))}
          </div>
        </div>
      </section>

      <section className="container section" aria-labelledby="countries-title">
        <h2 id="countries-title">{t('landing.countriesTitle')}</h2>
        <Countries examId={scope.examId} />
      </section>

      {proof}

      <section className="container section" aria-labelledby="steps-title">
        <h2 id="steps-title">{t('landing.stepsTitle')}</h2>
        <NumberedSteps steps={(['step1', 'step2', 'step3'] as const).map((k) => ({ body: t(`landing.${k}`) }))} />
        <AppLink to={startHref} className="button button--primary button--large">
          {t('landing.start')}
        </AppLink>
      </section>
    </>
  );
}
