import type { TPublicQuestion } from '@mindgauge/contract';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import type { ItemProgress } from '../progress';

interface ConfirmPanelProps {
  questions: readonly TPublicQuestion[];
  progress: Record<string, ItemProgress>;
  busy: boolean;
  /** The time ran out: the answers are kept as they are and can no longer be edited. */
  timeUp: boolean;
  error: string;
  onConfirm: () => void;
  onEdit: (index: number) => void;
  /** The number of the first puzzle listed (a routed test lists only the part still open). */
  firstNumber?: number;
  /** Answers given in the whole test, earlier parts included, and the test's length (the lead counts them all). */
  answeredInTest: number;
  testLength: number;
}

/**
 * "Get My Result" locks the answers; "Edit my answer" goes back to any puzzle until then. When the time is up
 * the panel says so and offers no editing (the server would refuse any change).
 */
export function ConfirmPanel({
  questions,
  progress,
  busy,
  timeUp,
  error,
  onConfirm,
  onEdit,
  firstNumber = 1,
  answeredInTest,
  testLength,
}: ConfirmPanelProps) {
  const { t } = useTranslation('test');
  const firstOpen = questions.findIndex((q) => progress[q.id]?.choice == null);
  return (
    <section className="container page page--narrow" aria-labelledby="confirm-title">
      <PageTitle title={t('confirm.title')} />
      <h1 id="confirm-title">{timeUp ? t('confirm.timeUpTitle') : t('confirm.title')}</h1>
      {timeUp ? (
        <p className="callout" role="alert">
          {t('confirm.timeUp')}
        </p>
      ) : null}
      <p className="lead">{t('confirm.lead', { answered: answeredInTest, total: testLength })}</p>
      {answeredInTest < testLength ? <p>{t('question.unanswered', { count: testLength - answeredInTest })}</p> : null}
      <ol className="review-grid">
        {questions.map((q, i) => {
          const done = progress[q.id]?.choice != null;
          const label = `${t('confirm.goTo', { number: i + firstNumber })}, ${done ? t('confirm.answered') : t('confirm.unanswered')}`;
          if (timeUp)
            return (
              <li key={q.id}>
                <span className="review-grid__cell" data-done={done || undefined}>
                  <span aria-hidden="true">{i + 1}</span>
                  <span className="visually-hidden">{`${i + 1}, ${done ? t('confirm.answered') : t('confirm.unanswered')}`}</span>
                </span>
              </li>
            );
          return (
            <li key={q.id}>
              <button
                type="button"
                className="review-grid__cell"
                data-done={done || undefined}
                onClick={() => onEdit(i)}
                aria-label={label}
              >
                {i + firstNumber}
              </button>
            </li>
          );
        })}
      </ol>
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button button--primary button--large"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
        >
          {t('confirm.getResult')}
        </button>
        {timeUp ? null : (
          <button
            type="button"
            className="button button--secondary button--large"
            onClick={() => onEdit(firstOpen === -1 ? 0 : firstOpen)}
            disabled={busy}
          >
            {t('confirm.edit')}
          </button>
        )}
      </div>
    </section>
  );
}
