import type { TLabResult, TLabTest, TLabTestId } from '@mindgauge/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { PageTitle } from '../../components/page-title';
import { formatDate } from '../../i18n/format-date';
import { useLocale } from '../../i18n/use-locale';
import { labQuery } from './api/get-lab';
import { submitLab } from './api/submit-lab';

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  scopeFromParams(params);
  const search = new URL(request.url).searchParams;
  await queryClient.ensureQueryData(labQuery(orderFromSearch(search), search.get('token')));
  return null;
}

const LIKERT = [1, 2, 3, 4, 5] as const;

/** The screen's links keep the order and its token. */
function useLabLinks(orderNumber: string, token: string | null) {
  const scope = useScope();
  const withToken = { order: orderNumber, ...(token ? { token } : {}) };
  return {
    lab: (extra: Record<string, string> = {}) =>
      buildHref('reportFreeTest', { scope: scope.value }, { ...withToken, ...extra }),
    report: buildHref('reportResult', { scope: scope.value }, withToken),
    bundle: buildHref('payingPackage', { scope: scope.value }, { ...withToken, step: 'advancedBundle' }),
  };
}

/**
 * The psychology lab (`/report/result-free-test/…`): the report's short questionnaires, left/right brain and EQ.
 * Without `test` it lists them; with `test` and `view=take` it asks one; with `test` alone it shows its result.
 */
export function Component() {
  const [search] = useSearchParams();
  return <Lab orderNumber={orderFromSearch(search)} token={search.get('token')} />;
}

function Lab({ orderNumber, token }: { orderNumber: string; token: string | null }) {
  const { t } = useTranslation(['lab', 'report']);
  const [search] = useSearchParams();
  const links = useLabLinks(orderNumber, token);
  const { data } = useSuspenseQuery(labQuery(orderNumber, token));

  if (!data.lab) {
    return (
      <section className="status-screen container" aria-labelledby="lab-title">
        <PageTitle title={t('title')} />
        <h1 id="lab-title">{t('title')}</h1>
        <p>{data.refused === 'REPORT_ACCESS_DENIED' ? t('report:denied.lead') : t('report:locked.lead')}</p>
        <AppLink to={links.report} className="button button--primary">
          {t('backToReport')}
        </AppLink>
      </section>
    );
  }
  if (!data.lab.included) {
    return (
      <section className="status-screen container" aria-labelledby="lab-title">
        <PageTitle title={t('title')} />
        <h1 id="lab-title">{t('locked.title')}</h1>
        <p>{t('locked.lead')}</p>
        <div className="button-row">
          <AppLink to={links.bundle} className="button button--primary">
            {t('locked.cta')}
          </AppLink>
          <AppLink to={links.report} className="button button--secondary">
            {t('backToReport')}
          </AppLink>
        </div>
      </section>
    );
  }

  const test = data.lab.tests.find((x) => x.testId === search.get('test'));
  if (test && (search.get('view') === 'take' || !test.result)) {
    return <Questionnaire key={test.testId} orderNumber={orderNumber} token={token} test={test} />;
  }
  if (test?.result) return <LabResult orderNumber={orderNumber} token={token} result={test.result} />;
  return <LabOverview orderNumber={orderNumber} token={token} tests={data.lab.tests} />;
}

function LabOverview({ orderNumber, token, tests }: { orderNumber: string; token: string | null; tests: TLabTest[] }) {
  const { t } = useTranslation('lab');
  const locale = useLocale();
  const links = useLabLinks(orderNumber, token);
  return (
    <div className="container page page--narrow lab">
      <PageTitle title={t('title')} />
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <p className="meta">{t('selfReport')}</p>
      {tests.map((test) => (
        <section key={test.testId} className="card lab__test" aria-labelledby={`lab-${test.testId}`}>
          <h2 id={`lab-${test.testId}`}>{t(`tests.${test.testId}.title`)}</h2>
          <p>{t(`tests.${test.testId}.intro`)}</p>
          <p className="meta">
            {t('minutes', { count: test.minutes })} ·{' '}
            {test.result ? t('takenOn', { date: formatDate(test.result.takenAt, locale) }) : t('notTaken')}
          </p>
          {test.result?.valid && test.result.profile ? (
            <p className="lab__profile">{t(profileKey(test.testId, test.result.profile))}</p>
          ) : null}
          <div className="button-row">
            {test.result ? (
              <>
                <AppLink to={links.lab({ test: test.testId })} className="button button--primary">
                  {t('seeResult')}
                </AppLink>
                <AppLink to={links.lab({ test: test.testId, view: 'take' })} className="button button--secondary">
                  {t('retake')}
                </AppLink>
              </>
            ) : (
              <AppLink to={links.lab({ test: test.testId, view: 'take' })} className="button button--primary">
                {t('take')}
              </AppLink>
            )}
          </div>
        </section>
      ))}
      <p className="lab__back">
        <AppLink to={links.report}>{t('backToReport')}</AppLink>
      </p>
    </div>
  );
}

const profileKey = (testId: TLabTestId, profile: string) => `${testId}.profile.${profile}` as 'brain.profile.analytic';

/** Answers kept in the tab while the questionnaire is filled in: a reload loses nothing. */
function useDraft(key: string) {
  const [answers, setAnswers] = useState<Record<string, number>>(() => {
    try {
      return JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, number>;
    } catch {
      return {};
    }
  });
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(answers));
    } catch {
      // Storage may be full or off (private mode): the answers stay in the page.
    }
  }, [key, answers]);
  const clear = () => {
    try {
      sessionStorage.removeItem(key);
    } catch {}
  };
  return [answers, setAnswers, clear] as const;
}

function Questionnaire({ orderNumber, token, test }: { orderNumber: string; token: string | null; test: TLabTest }) {
  const { t } = useTranslation('lab');
  const [, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const links = useLabLinks(orderNumber, token);
  const [answers, setAnswers, clearDraft] = useDraft(`lab:${orderNumber}:${test.testId}`);
  const [status, setStatus] = useState<'idle' | 'busy' | 'missing' | 'failed'>('idle');
  const errorRef = useRef<HTMLParagraphElement>(null);
  const answered = test.items.filter((id) => answers[id] !== undefined).length;
  const missing = test.items.length - answered;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (missing > 0) {
      setStatus('missing');
      // The first statement left open gets the focus, so a keyboard or screen-reader user lands on it.
      const first = test.items.find((id) => answers[id] === undefined);
      document.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
      return;
    }
    setStatus('busy');
    try {
      const result = await submitLab({
        orderNumber,
        token,
        testId: test.testId,
        answers: test.items.map((itemId) => ({ itemId, value: answers[itemId] as number })),
      });
      clearDraft();
      queryClient.setQueryData(labQuery(orderNumber, token).queryKey, (old) =>
        old?.lab
          ? {
              ...old,
              lab: {
                ...old.lab,
                tests: old.lab.tests.map((x) => (x.testId === result.testId ? { ...x, result } : x)),
              },
            }
          : old,
      );
      // The result is a new screen (not useQueryParam's in-page state): scroll restoration takes it to the
      // top and the focus moves to its heading.
      setSearch(
        (prev) => {
          const q = new URLSearchParams(prev);
          q.delete('view');
          return q;
        },
        { replace: true },
      );
    } catch {
      setStatus('failed');
      errorRef.current?.focus();
    }
  }

  return (
    <div className="container page page--narrow lab">
      <PageTitle title={t(`tests.${test.testId}.title`)} />
      <h1>{t(`tests.${test.testId}.title`)}</h1>
      <p className="lead">{t(`tests.${test.testId}.intro`)}</p>
      <form className="lab__form" onSubmit={onSubmit} noValidate>
        <ol className="lab__items">
          {test.items.map((id, i) => (
            <li key={id}>
              <fieldset className="lab__item" data-missing={status === 'missing' && answers[id] === undefined}>
                <legend>
                  <span className="visually-hidden">
                    {t('statement', { number: i + 1, total: test.items.length })}:{' '}
                  </span>
                  {t(`${test.testId}.item.${id}` as 'brain.item.b01')}
                </legend>
                <div className="likert">
                  {LIKERT.map((v) => (
                    <label key={v} className="likert__option">
                      <input
                        type="radio"
                        className="likert__radio"
                        name={id}
                        value={v}
                        checked={answers[id] === v}
                        onChange={() => setAnswers((a) => ({ ...a, [id]: v }))}
                      />
                      <span>{t(`likert.${v}`)}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <p className="meta" aria-live="polite">
          {t('progress', { answered, total: test.items.length })}
        </p>
        <p
          ref={errorRef}
          tabIndex={-1}
          className="form__error"
          role="alert"
          hidden={status !== 'missing' && status !== 'failed'}
        >
          {status === 'missing' ? t('unanswered', { count: missing }) : status === 'failed' ? t('sendFailed') : ''}
        </p>
        <div className="button-row">
          <button
            type="submit"
            className="button button--primary"
            disabled={status === 'busy'}
            aria-busy={status === 'busy'}
          >
            {status === 'busy' ? t('sending') : t('submit')}
          </button>
          <AppLink to={links.lab()} className="button button--secondary">
            {t('back')}
          </AppLink>
        </div>
      </form>
    </div>
  );
}

function LabResult({ orderNumber, token, result }: { orderNumber: string; token: string | null; result: TLabResult }) {
  const { t } = useTranslation('lab');
  const locale = useLocale();
  const links = useLabLinks(orderNumber, token);
  const id = result.testId;
  const date = formatDate(result.takenAt, locale);
  return (
    <article className="container page page--narrow lab" aria-labelledby="lab-result-title">
      <PageTitle title={t(`tests.${id}.title`)} />
      <p className="meta">{t(`tests.${id}.title`)}</p>
      {result.valid && result.profile ? (
        <>
          <h1 id="lab-result-title">{t(profileKey(id, result.profile))}</h1>
          <p className="lead">{t(`${id}.profileText.${result.profile}` as 'brain.profileText.analytic')}</p>
          {id === 'eq' && result.overall !== null ? (
            <p className="lab__overall">{t('eq.overall', { percent: result.overall })}</p>
          ) : null}
          <ul className="lab__scales">
            {result.scales.map((s) => (
              <li key={s.scale} className="card lab__scale">
                <h2>{t(`${id}.scale.${s.scale}` as 'eq.scale.selfAwareness')}</h2>
                {id === 'eq' ? <p>{t(`eq.scaleText.${s.scale}` as 'eq.scaleText.selfAwareness')}</p> : null}
                <p className="lab__score">
                  {t('scoreOf', { percent: s.percent })} · {t('levelOf', { level: t(`level.${s.level}` as 'level.1') })}
                </p>
                <svg className="lab__bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true">
                  <rect width="100" height="6" rx="3" className="lab__bar-track" />
                  <rect width={Math.max(2, s.percent)} height="6" rx="3" className="lab__bar-fill" />
                </svg>
              </li>
            ))}
          </ul>
          <p>{t(`tests.${id}.about`)}</p>
        </>
      ) : (
        <>
          <h1 id="lab-result-title">{t(`tests.${id}.title`)}</h1>
          <p className="notice notice--error">{t('invalid')}</p>
        </>
      )}
      <p className="meta">{t('selfReport')}</p>
      <p className="meta">
        {t('takenOn', { date })}
        {result.valid ? ` · ${t('inPdf')}` : ''}
      </p>
      <div className="button-row">
        <AppLink to={links.lab({ test: id, view: 'take' })} className="button button--secondary">
          {t('retake')}
        </AppLink>
        <AppLink to={links.lab()} className="button button--secondary">
          {t('back')}
        </AppLink>
        <AppLink to={links.report} className="button button--secondary">
          {t('backToReport')}
        </AppLink>
      </div>
    </article>
  );
}
