import { TRAINING_LEVEL_RANGE } from '@mindgauge/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import { useQueryParam } from '../../app/use-query-param';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { useLocale } from '../../i18n/use-locale';
import { useErrorMessage } from '../../lib/use-error-message';
import { answerTraining, trainingQuery } from './api/members-api';
import { formatDate } from './components/members-format';
import { MembersShell } from './components/members-shell';
import { ProgressChart } from './components/progress-chart';
import { PuzzleQuiz } from './components/puzzle-quiz';

export function loader({ params }: LoaderFunctionArgs) {
  scopeFromParams(params);
  return null;
}

const LEVELS = Array.from(
  { length: TRAINING_LEVEL_RANGE.max - TRAINING_LEVEL_RANGE.min + 1 },
  (_, i) => TRAINING_LEVEL_RANGE.min + i,
);

/** The weekly training: this week's set at a chosen level, the rule after each answer, progress by week. */
export function Component() {
  const { t } = useTranslation('members');
  const scope = useScope();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [levelParam, setLevel] = useQueryParam('level');
  const level = LEVELS.includes(Number(levelParam)) ? Number(levelParam) : 3;
  const training = useQuery(trainingQuery(level, locale));
  const errorMessage = useErrorMessage();
  const set = training.data?.set;

  return (
    <MembersShell title={t('training.title')}>
      <p>{t('training.lead')}</p>
      {training.isError ? (
        <p className="notice notice--error" role="alert">
          {errorMessage(training.error)}{' '}
          <button type="button" className="button button--secondary" onClick={() => training.refetch()}>
            {t('page.retry')}
          </button>
        </p>
      ) : null}
      {training.data?.locked === 'TRAINING_LOCKED' ? (
        <section className="card" data-testid="training-locked">
          <h2>{t('training.lockedTitle')}</h2>
          <p>{t('trainingCard.locked')}</p>
          <AppLink className="button button--secondary" to={buildHref('paying', { scope: scope.value })}>
            {t('training.seePlans')}
          </AppLink>
        </section>
      ) : null}
      {set ? (
        <>
          <p data-testid="training-week">
            {t('training.week', { week: set.week })}{' '}
            {set.access.until ? t('training.accessUntil', { date: formatDate(set.access.until, locale) }) : null}
          </p>
          <nav aria-label={t('training.levelsLabel')}>
            <ul className="members-levels">
              {LEVELS.map((l) => (
                <li key={l}>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-pressed={l === level}
                    onClick={() => setLevel(String(l))}
                  >
                    {t('training.level', { level: l })}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <PuzzleQuiz
            key={`${set.week}:${set.level}`}
            puzzles={set.puzzles}
            initialChecks={set.checks}
            answer={async (index, choice, timeMs) => {
              const check = await answerTraining(set.level, index, choice, timeMs);
              // The progress chart counts this answer now.
              void queryClient.invalidateQueries({ queryKey: ['members', 'training'] });
              return check;
            }}
          />
          <section aria-labelledby="progress-title">
            <h2 id="progress-title">{t('training.progressTitle')}</h2>
            <ProgressChart weeks={set.progress} />
          </section>
        </>
      ) : null}
    </MembersShell>
  );
}
