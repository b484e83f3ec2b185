import type { TExamSummary } from '@mindgauge/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { categoriesQuery } from '../../api/get-exams';
import { buildHref } from '../../app/paths';
import type { ScreenContext } from '../../app/screens';
import { isRegistered } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { NumberedSteps } from '../../components/numbered-steps';
import { PageTitle } from '../../components/page-title';
import { localeFromRequest, useLocale } from '../../i18n/use-locale';
import { MatrixIllustration } from './matrix-illustration';

export async function loader({ request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  await queryClient.ensureQueryData(categoriesQuery(localeFromRequest(request)));
  return null;
}

/** Where an exam is taken: its landing page, once that screen exists. */
function examHref(exam: TExamSummary): string | undefined {
  if (!isRegistered('landing')) return undefined;
  return buildHref('landing', {
    scope: `${exam.code}-${exam.id}`,
    variant: exam.kind === 'iq' ? 'test_center' : 'types',
  });
}

function ExamCard({ exam }: { exam: TExamSummary }) {
  const { t } = useTranslation();
  const href = examHref(exam);
  const minutes = Math.round(exam.timeLimitSeconds / 60);
  return (
    <article className="card exam-card" data-kind={exam.kind}>
      <h3>{exam.name}</h3>
      <p>{exam.tagline}</p>
      <ul className="exam-card__facts">
        <li>{t('home.questions', { count: exam.questionCount })}</li>
        <li>{t('home.minutes', { count: minutes })}</li>
        {exam.parts > 1 ? <li>{t('home.parts', { count: exam.parts })}</li> : null}
      </ul>
      {href ? (
        <AppLink to={href} className="button button--primary">
          {exam.kind === 'iq' ? t('home.ctaStart') : t('home.ctaPersonality')}
        </AppLink>
      ) : (
        <p className="badge">{t('home.notYetAvailable')}</p>
      )}
    </article>
  );
}

export function Component() {
  const { t } = useTranslation();
  const locale = useLocale();
  const scope = useScope();
  // The loader has fetched the list before a client-side visit renders; a prerendered page (app/prerender.tsx)
  // is drawn without it and hydrated before it arrives: the exams fill in then, the start button's place kept.
  const categories = useQuery(categoriesQuery(locale)).data;
  const exams = categories?.flatMap((c) => c.exams) ?? [];
  const iq = exams.find((e) => e.kind === 'iq');
  const startHref = iq ? examHref(iq) : undefined;

  return (
    <>
      <PageTitle title="" />
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <h1>{t('home.title')}</h1>
            <p className="lead">{t('home.lead')}</p>
            <div className="button-row">
              {startHref ? (
                <AppLink to={startHref} className="button button--primary button--large">
                  {t('home.ctaStart')}
                </AppLink>
              ) : categories ? null : (
                <span className="button button--primary button--large button--pending" aria-hidden="true">
                  {t('home.ctaStart')}
                </span>
              )}
              <a href="#how" className="button button--secondary button--large">
                {t('home.ctaHelp')}
              </a>
            </div>
          </div>
          <MatrixIllustration />
        </div>
      </section>

      <section className="container section" aria-labelledby="tests-title">
        <h2 id="tests-title">{t('home.testsTitle')}</h2>
        <p className="section__lead">{t('home.testsLead')}</p>
        <div className="grid grid--2">
          {exams.map((exam) => (
            <ExamCard key={exam.id} exam={exam} />
          ))}
        </div>
      </section>

      <section id="how" className="container section" aria-labelledby="how-title">
        <h2 id="how-title">{t('home.stepsTitle')}</h2>
        <NumberedSteps
          steps={(['1', '2', '3'] as const).map((n) => ({
            title: t(`home.step${n}Title`),
            body: t(`home.step${n}Body`),
          }))}
        />
      </section>

      <section className="section section--tinted" aria-labelledby="promise-title">
        <div className="container">
          <h2 id="promise-title">{t('home.promiseTitle')}</h2>
          <div className="grid grid--3">
            {(['1', '2', '3'] as const).map((n) => (
              <div key={n} className="promise">
                <h3>{t(`home.promise${n}Title`)}</h3>
                <p>{t(`home.promise${n}Body`)}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="container section" aria-labelledby="faq-title">
        <div className="callout">
          <h2 id="faq-title">{t('home.faqTitle')}</h2>
          <p>{t('home.faqBody')}</p>
          <AppLink to={buildHref('help', { scope: scope.value })} className="button button--secondary">
            {t('home.faqLink')}
          </AppLink>
        </div>
      </section>
    </>
  );
}
