import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, type LoaderFunctionArgs, redirect, useNavigation } from 'react-router';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { withKeptQuery } from '../../components/app-link';
import { PageTitle } from '../../components/page-title';
import { localeFromRequest } from '../../i18n/use-locale';
import { trackAdEvent } from '../../lib/ad-pixels/ad-pixels';
import { questionListQuery, restartSession, startSession } from './api/get-question-list';
import { OptionGroup } from './components/option-group';
import { hasFinishedTest, isFinishedOrder } from './finished-test';
import { markPracticePassed } from './practice-gate';
import { PRACTICE_ANSWER, PRACTICE_CELLS, PRACTICE_OPTIONS, practiceSvg } from './practice-puzzle';
import { continueHref, leaveIfPersonality } from './session-routing';

/**
 * Before the clock starts: the instructions and an untimed practice puzzle. "Start part 1" submits `start=1`;
 * only then is the session created (the server's deadline starts with it) and the whole form loaded (every
 * matrix is prefetched here, so moving to the next question never waits for the network). A visitor whose
 * last test is finished starts a new one; an unfinished one is resumed where it stands.
 */
export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  const scope = scopeFromParams(params);
  leaveIfPersonality(scope.examId, params.scope as string);
  const url = new URL(request.url);
  if (url.searchParams.get('start') !== '1') return null;
  markPracticePassed();
  const hl = localeFromRequest(request);
  const query = questionListQuery(scope.examId, hl);
  // The one call that creates a session (a POST): a new one, or the one in the cookie resumed.
  let session = await startSession(scope.examId, hl);
  // A finished test (or one that could not be scored) makes way for a new one; a scored one still waiting for
  // its e-mail step, or one being scored, is continued.
  if (session.status === 'abnormal' || (session.status === 'scored' && isFinishedOrder(session.orderNumber))) {
    session = await restartSession(scope.examId, hl);
  }
  queryClient.setQueryData(query.queryKey, session);
  // The spec's customize event: the visitor starts (or resumes) the test.
  void trackAdEvent('customize');
  url.searchParams.delete('start');
  throw redirect(withKeptQuery(continueHref(session, params.scope as string), url.search));
}

const LETTERS = 'ABCDEF';

export function Component() {
  const { t } = useTranslation('test');
  const navigation = useNavigation();
  const [choice, setChoice] = useState<number | null>(null);
  const [retake] = useState(hasFinishedTest);
  const optionNames = (['a', 'b', 'c', 'd', 'e', 'f'] as const).map((k) => t(`intro.options.${k}`));
  const starting = navigation.state !== 'idle';
  const hidden = new URLSearchParams(location.search);
  hidden.delete('start');

  return (
    <section className="container page page--narrow test-intro" aria-labelledby="intro-title">
      <PageTitle title={t('intro.title')} />
      <h1 id="intro-title">{t('intro.title')}</h1>
      <p className="lead">{t('intro.lead')}</p>
      <ul className="test-intro__rules">
        <li>{t('intro.rule1')}</li>
        <li>{t('intro.rule2')}</li>
        <li>{t('intro.rule3')}</li>
      </ul>

      <section className="card practice" aria-labelledby="practice-title">
        <h2 id="practice-title">{t('intro.practiceTitle')}</h2>
        <p className="meta">{t('intro.practiceNote')}</p>
        <p>{t('question.instruction')}</p>
        <figure className="matrix" aria-label={t('intro.matrixLabel')}>
          {PRACTICE_CELLS.map(([shape, count], i) => (
            // Drawn from our own constants, never from input.
            <div key={i} className="matrix__cell" dangerouslySetInnerHTML={{ __html: practiceSvg(shape, count, '') }} />
          ))}
          <div className="matrix__cell matrix__cell--missing" role="img" aria-label={t('question.missing')}>
            <span aria-hidden="true">?</span>
          </div>
        </figure>
        <OptionGroup
          label={t('question.optionsLabel')}
          options={PRACTICE_OPTIONS.map(([shape, count], i) =>
            practiceSvg(shape, count, `${LETTERS[i]}: ${optionNames[i]}`),
          )}
          names={PRACTICE_OPTIONS.map((_, i) => `${LETTERS[i]}: ${optionNames[i]}`)}
          value={choice}
          onChoose={setChoice}
        />
        <p
          className="practice__feedback"
          role="status"
          aria-live="polite"
          data-right={choice === PRACTICE_ANSWER || undefined}
        >
          {choice === null ? '' : choice === PRACTICE_ANSWER ? t('intro.right') : t('intro.wrong')}
        </p>
      </section>

      {retake ? <p className="callout test-intro__retake">{t('intro.retake')}</p> : null}

      <Form method="get" className="test-intro__start">
        {[...hidden].map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <input type="hidden" name="start" value="1" />
        <button type="submit" className="button button--primary button--large" disabled={starting} aria-busy={starting}>
          {t('intro.start')}
        </button>
        <p className="meta">{t('intro.startNote')}</p>
      </Form>
    </section>
  );
}
