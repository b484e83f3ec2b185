import type { TCreateOrderResult } from '@mindgauge/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useNavigate } from 'react-router';
import { useAppState } from '../../app/app-state';
import { buildHref } from '../../app/paths';
import type { ScreenContext } from '../../app/screens';
import { AppLink, withKeptQuery } from '../../components/app-link';
import { NetworkUnstableScreen } from '../../components/network-unstable-screen';
import { PageTitle } from '../../components/page-title';
import { NetworkError } from '../../lib/api-client';
import { createExamOrder } from './api/create-exam-order';
import { restartSession } from './api/get-question-list';
import { loadSession, useTestSession } from './session-routing';

export async function loader(args: LoaderFunctionArgs, ctx: ScreenContext) {
  await loadSession(args, ctx);
  return null;
}

const MEASURES = ['memory', 'speed', 'reaction', 'concentration', 'logic'] as const;

/** Saving and evaluating, then the calculating screen naming the five measures; or the abnormal-test page. */
export function Component() {
  const { t } = useTranslation('test');
  const { scope, locale, queryKey } = useTestSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setAppState = useAppState((s) => s.set);
  const [outcome, setOutcome] = useState<TCreateOrderResult | 'network' | null>(null);
  const [step, setStep] = useState(0);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    createExamOrder()
      .then((r) => !cancelled && setOutcome(r))
      .catch((err) => !cancelled && setOutcome(err instanceof NetworkError ? 'network' : null));
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  // The measures are already computed on the server; each is named as its line appears.
  useEffect(() => {
    if (!outcome || outcome === 'network' || outcome.outcome !== 'order') return;
    if (step === 0) setAppState({ headline: { orderNumber: outcome.orderNumber, ...outcome.headline } });
    if (step < MEASURES.length) {
      const id = setTimeout(() => setStep((s) => s + 1), 350);
      return () => clearTimeout(id);
    }
    navigate(
      withKeptQuery(buildHref('answerEmail', { scope: scope.value }, { order: outcome.orderNumber }), location.search),
      { replace: true },
    );
  }, [outcome, step, navigate, scope.value, setAppState]);

  if (outcome === 'network') return <NetworkUnstableScreen context="test" onRetry={() => setAttempt((a) => a + 1)} />;

  if (outcome && outcome.outcome === 'abnormal') {
    return (
      <section className="status-screen container" aria-labelledby="abnormal-title">
        <PageTitle title={t('abnormal.title')} />
        <h1 id="abnormal-title">{t('abnormal.title')}</h1>
        <p>{t('abnormal.body')}</p>
        {outcome.behaviours.length ? (
          <>
            <p>{t('abnormal.seen')}</p>
            <ul>
              {outcome.behaviours.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </>
        ) : null}
        <p className="meta">{t('abnormal.why')}</p>
        <div className="button-row">
          <button
            type="button"
            className="button button--primary"
            onClick={async () => {
              const fresh = await restartSession(scope.examId, locale);
              queryClient.setQueryData(queryKey, fresh);
              setAppState({ questionPageNumber: 0 });
              navigate(withKeptQuery(buildHref('answerStandard', { scope: scope.value }), location.search));
            }}
          >
            {t('abnormal.redo')}
          </button>
          <AppLink to={buildHref('support', { scope: scope.value })} className="button button--secondary">
            {t('abnormal.contact')}
          </AppLink>
        </div>
      </section>
    );
  }

  return (
    <section className="status-screen container evaluating" aria-labelledby="eval-title" aria-busy="true">
      <PageTitle title={t('evaluating.calculating')} />
      <span className="boot-loading__spinner evaluating__spinner" aria-hidden="true" />
      <h1 id="eval-title">{outcome ? t('evaluating.calculating') : t('evaluating.saving')}</h1>
      <p>{t('evaluating.measures')}</p>
      <ul className="measure-list">
        {MEASURES.map((m, i) => (
          <li key={m} data-done={i < step || undefined}>
            <span>{t(`evaluating.${m}`)}</span>
            <span className="measure-list__state">{i < step ? t('evaluating.done') : ''}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
