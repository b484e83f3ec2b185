import { PERSONALITY_EXAM_ID } from '@mindgauge/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { AppLink } from '../../components/app-link';
import { PageTitle } from '../../components/page-title';
import { useLocale } from '../../i18n/use-locale';
import { reliabilityQuery } from './api/personality-session';
import { MeasuredDuration } from './components/measured-duration';
import { MetaDescription } from './meta-description';
import { personalityTestStartHref } from './test-start';
import '../../styles/personality.css';

export function loader({ params }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  scopeFromParams(params);
  // The page is about the personality test whatever scope the visitor came in on.
  return queryClient.ensureQueryData(reliabilityQuery(PERSONALITY_EXAM_ID));
}

/** How the test works and how consistent each axis is here (Cronbach's alpha), or that it is not known yet. */
export function Component() {
  const { t } = useTranslation('personality-test');
  const locale = useLocale();
  const { data } = useSuspenseQuery(reliabilityQuery(PERSONALITY_EXAM_ID));
  const known = data.axes.some((a) => a.alpha !== null);
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <div className="container page page--narrow personality-about">
      <PageTitle title={t('meta.aboutTitle')} />
      <MetaDescription content={t('meta.aboutDescription')} />
      <h1>{t('about.title')}</h1>
      <p className="lead">{t('about.how')}</p>
      <MeasuredDuration />
      <section className="type-section" aria-labelledby="reliability-title">
        <h2 id="reliability-title">{t('about.reliabilityTitle')}</h2>
        <p>{t('about.reliabilityBody')}</p>
        {known ? (
          <>
            <ul className="reliability-list">
              {data.axes.map((a) => (
                <li key={a.axis}>
                  <strong>{t(`axis.${a.axis}`)}</strong>:{' '}
                  {a.alpha === null ? t('about.notKnown') : t('about.alpha', { alpha: number.format(a.alpha) })}
                </li>
              ))}
            </ul>
            <p>{t('about.sample', { sample: data.sampleSize })}</p>
          </>
        ) : (
          <>
            <p>
              <strong>{t('about.notKnown')}</strong>
            </p>
            <p>{t('about.notKnownBody', { minSample: data.minSample, sample: data.sampleSize })}</p>
          </>
        )}
      </section>
      <AppLink className="button button--primary" to={personalityTestStartHref()}>
        {t('about.start')}
      </AppLink>
    </div>
  );
}
