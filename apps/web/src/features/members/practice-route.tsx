import type { TMemberPuzzle, TMemberResult } from '@mindgauge/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { scopeFromParams } from '../../app/scope-from-params';
import { useErrorMessage } from '../../lib/use-error-message';
import { answerPractice, overviewQuery, startPractice } from './api/members-api';
import { MembersShell } from './components/members-shell';
import { PuzzleQuiz } from './components/puzzle-quiz';

export function loader({ params }: LoaderFunctionArgs) {
  scopeFromParams(params);
  return null;
}

/** Free test 1: ten generated matrix puzzles, untimed, the rule explained after each answer. */
export function Component() {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [set, setSet] = useState<{ attemptId: string; puzzles: TMemberPuzzle[] } | null>(null);
  const [result, setResult] = useState<TMemberResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setError(null);
    try {
      setResult(null);
      setSet(await startPractice());
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  return (
    <MembersShell title={t('tests.practice.name')}>
      <p>{t('tests.practice.what')}</p>
      <p className="meta">{t('practice.honest')}</p>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      {set ? (
        <PuzzleQuiz
          key={set.attemptId}
          focusOnStart
          puzzles={set.puzzles}
          answer={async (index, choice) => {
            const r = await answerPractice(set.attemptId, index, choice);
            if (r.result) {
              setResult(r.result);
              await queryClient.invalidateQueries({ queryKey: overviewQuery().queryKey });
            }
            return r.check;
          }}
        />
      ) : (
        <button type="button" className="button button--primary" onClick={start}>
          {t('practice.start')}
        </button>
      )}
      {result && result.result.task === 'practice' ? (
        <div className="members-result" role="status">
          <p>{t('practice.kept', { correct: result.result.correct, total: result.result.total })}</p>
          <button type="button" className="button button--secondary" onClick={start}>
            {t('tests.retake')}
          </button>
        </div>
      ) : null}
    </MembersShell>
  );
}
