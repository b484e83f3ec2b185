import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { examQuery } from '../../api/get-exams';
import { orderCheckoutQuery } from '../../api/get-order-checkout';
import { useAppState } from '../../app/app-state';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { isRegistered } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { PageTitle } from '../../components/page-title';
import { StatusIcon } from '../../components/status-icon';
import { localeFromRequest, useLocale } from '../../i18n/use-locale';
import { markTestFinished } from './finished-test';

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  const scope = scopeFromParams(params);
  await Promise.all([
    queryClient.ensureQueryData(orderCheckoutQuery(orderFromSearch(new URL(request.url).searchParams))),
    queryClient.ensureQueryData(examQuery(scope.examId, localeFromRequest(request))),
  ]);
  return null;
}

const PAID_PARTS = ['iq', 'ranking', 'dimensions', 'analysis', 'files'] as const;

/** "130–144", "145+", "< 70": a class's band as visitors read it. */
function bandOf(c: { min: number | null; max: number | null }): string {
  if (c.max === null) return `${c.min}+`;
  if (c.min === null) return `< ${c.max}`;
  return `${c.min}–${c.max - 1}`;
}

/**
 * The order exists and the result is saved: the free headline the landing promised (class band and puzzles
 * right, in the language shown now), exactly what a paid report adds, then the report choice (checkout).
 */
export function Component() {
  const { t } = useTranslation('test');
  const scope = useScope();
  const [search] = useSearchParams();
  const { data: order } = useSuspenseQuery(orderCheckoutQuery(orderFromSearch(search)));
  const email = useAppState((s) => s.email);
  const locale = useLocale();
  const { data: exam } = useSuspenseQuery(examQuery(scope.examId, locale));
  const stored = useAppState((s) => s.headline);
  const headline = stored?.orderNumber === order.orderNumber ? stored : null;
  const cls = headline ? exam.classes.find((c) => c.id === headline.classId) : undefined;
  // The result is saved and its link e-mailed: a later "Start the test" begins a new test, with the retake note.
  useEffect(() => markTestFinished(order.orderNumber), [order.orderNumber]);
  return (
    <section className="status-screen container" aria-labelledby="submit-title">
      <PageTitle title={t('submit.title')} />
      <StatusIcon kind="success" />
      <h1 id="submit-title">{t('submit.title')}</h1>
      <p>{t('submit.lead', { orderNumber: order.orderNumber })}</p>
      {email ? <p className="meta">{t('submit.email', { email })}</p> : null}
      {headline && cls ? (
        <section className="card headline" aria-labelledby="headline-title">
          <h2 id="headline-title">{t('submit.headlineTitle')}</h2>
          <p className="headline__class">{t('submit.headlineClass', { name: cls.name, band: bandOf(cls) })}</p>
          <p className="headline__correct">
            {t('submit.headlineCorrect', { count: headline.correct, total: headline.total })}
          </p>
        </section>
      ) : null}
      <section className="headline-paid" aria-labelledby="paid-title">
        <h2 id="paid-title">{t('submit.paidTitle')}</h2>
        <p>{t('submit.paidLead')}</p>
        <ul>
          {PAID_PARTS.map((k) => (
            <li key={k}>{t(`submit.paid.${k}`)}</li>
          ))}
        </ul>
      </section>
      {isRegistered('aboutYou') ? (
        <p>
          <AppLink to={buildHref('aboutYou', { scope: scope.value }, { order: order.orderNumber })}>
            {t('submit.aboutYou')}
          </AppLink>
        </p>
      ) : null}
      {isRegistered('payingScheme') ? (
        <AppLink
          to={buildHref('payingScheme', { scope: scope.value }, { order: order.orderNumber })}
          className="button button--primary button--large"
        >
          {t('submit.next')}
        </AppLink>
      ) : null}
    </section>
  );
}
