import { PERSONALITY_EXAM_ID, type TPersonalityResult } from '@mindgauge/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useNavigate } from 'react-router';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink, withKeptQuery } from '../../components/app-link';
import { PageTitle } from '../../components/page-title';
import { localeFromRequest, useLocale } from '../../i18n/use-locale';
import { useErrorMessage } from '../../lib/use-error-message';
import { personalityOutcomeQuery, personalitySessionQuery, restartPersonality } from './api/personality-session';
import { AxisBar } from './components/axis-bar';
import { personalityTestStartHref } from './test-start';
import { familyOf, slugOf, type TypeCode } from './type-catalogue';
import { TypeEmblem } from './type-emblem';
import '../../styles/personality.css';

/** An unfinished sheet goes back to its statements; a locked one is scored (once) before the screen shows. */
export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  const scope = scopeFromParams(params);
  // Another exam's scope would start that exam's session here: the questionnaire has its own.
  if (scope.examId !== PERSONALITY_EXAM_ID) throw redirect(personalityTestStartHref());
  const session = await queryClient.ensureQueryData(personalitySessionQuery(scope.examId, localeFromRequest(request)));
  if (session.status === 'active') {
    const href = buildHref('personalityTest', { scope: params.scope as string });
    throw redirect(withKeptQuery(href, new URL(request.url).search));
  }
  await queryClient.ensureQueryData(personalityOutcomeQuery(session));
  return null;
}

/** Starts a new, empty sheet and opens it (answering again, or retaking the test). */
function useRestart() {
  const scope = useScope();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function restart() {
    setBusy(true);
    setError('');
    try {
      const fresh = await restartPersonality(scope.examId, locale);
      queryClient.setQueryData(personalitySessionQuery(scope.examId, locale).queryKey, fresh);
      navigate(withKeptQuery(buildHref('personalityTest', { scope: scope.value }), location.search));
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }
  return { restart, busy, error };
}

function TypeResult({ result, orderNumber }: { result: TPersonalityResult; orderNumber: string }) {
  const { t } = useTranslation('personality-test');
  const { t: tt } = useTranslation('types');
  const scope = useScope();
  const code = result.type as TypeCode;
  const name = tt(`types.${code}.name`);
  const { restart, busy, error } = useRestart();
  return (
    <div className="container page personality-result" data-family={familyOf(code)}>
      <PageTitle title={`${t('meta.resultTitle')}: ${code}`} />
      <header className="type-hero">
        <TypeEmblem code={code} size={112} label={tt('typePage.emblemLabel', { name })} />
        <div>
          <p className="eyebrow">{t('result.eyebrow')}</p>
          <h1>
            <span className="type-hero__code">{code}</span> <span>{name}</span>
          </h1>
          <p className="lead">{tt(`types.${code}.portrait`)}</p>
          <p>
            <AppLink to={buildHref('personalityType', { type: slugOf(code), scope: scope.value })}>
              {t('result.typeLink', { name })}
            </AppLink>
          </p>
        </div>
      </header>

      <section className="type-section" aria-labelledby="axes-title">
        <h2 id="axes-title">{t('result.axesTitle')}</h2>
        <ul className="axis-bars">
          {result.axes.map((axis) => (
            <AxisBar key={axis.axis} axis={axis} />
          ))}
        </ul>
        <p className="axis-bars__explained">{t('result.marginExplained')}</p>
      </section>

      <section className="type-section personality-full" aria-labelledby="full-title">
        <h2 id="full-title">{t('result.fullTitle')}</h2>
        <p>{t('result.fullBody')}</p>
        <AppLink
          className="button button--primary button--large"
          to={buildHref('payingScheme', { scope: scope.value }, { order: orderNumber })}
        >
          {t('result.fullCta')}
        </AppLink>
      </section>

      <section className="type-section" aria-labelledby="what-title">
        <h2 id="what-title">{t('result.whatTitle')}</h2>
        <p>{t('result.what')}</p>
        <p>
          <AppLink to={buildHref('personalityAbout', { scope: scope.value })}>{t('result.about')}</AppLink>
        </p>
      </section>

      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="button button--secondary" disabled={busy} onClick={restart}>
        {t('result.retake')}
      </button>
    </div>
  );
}

function AnswerAgain({ reasons }: { reasons: readonly string[] }) {
  const { t } = useTranslation('personality-test');
  const { restart, busy, error } = useRestart();
  return (
    <section className="container page page--narrow personality-again" aria-labelledby="again-title">
      <PageTitle title={t('meta.againTitle')} />
      <h1 id="again-title">{t('again.title')}</h1>
      <p className="lead">{t('again.body')}</p>
      {reasons.length ? (
        <>
          <h2>{t('again.reasonsTitle')}</h2>
          <ul>
            {reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </>
      ) : null}
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--primary button--large"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={restart}
      >
        {busy ? t('again.starting') : t('again.button')}
      </button>
    </section>
  );
}

/** The free result: the type and each axis with its margin, or a kind invitation to answer again. */
export function Component() {
  const scope = useScope();
  const locale = useLocale();
  const { data: session } = useSuspenseQuery(personalitySessionQuery(scope.examId, locale));
  const { data: outcome } = useSuspenseQuery(personalityOutcomeQuery(session));
  if (outcome.outcome === 'type') return <TypeResult result={outcome.personality} orderNumber={outcome.orderNumber} />;
  if (outcome.outcome === 'answer-again') return <AnswerAgain reasons={outcome.reasons} />;
  // Not a personality outcome (cannot happen for this exam's sessions): the invitation is the safe answer.
  return <AnswerAgain reasons={[]} />;
}
