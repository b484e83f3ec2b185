import type { TPublicQuestion } from '@mindgauge/contract';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import type { ItemProgress } from '../progress';

interface ConfirmPanelProps {
  questions: readonly TPublicQuestion[];
  progress: Record<string, ItemProgress>;
  busy: boolean;
  error: string;
  onConfirm: () => void;
  onEdit: (index: number) => void;
  /** The number of the first puzzle listed (a routed test lists only the part still open). */
  firstNumber?: number;
}

/** "Get My Result" locks the answers; "Edit my answer" goes back to any puzzle until then. */
export function ConfirmPanel({
  questions,
  progress,
  busy,
  error,
  onConfirm,
  onEdit,
  firstNumber = 1,
}: ConfirmPanelProps) {
  const { t } = useTranslation('test');
  const answered = questions.filter((q) => progress[q.id]?.choice != null).length;
  const firstOpen = questions.findIndex((q) => progress[q.id]?.choice == null);
  return (
    <section className="container page page--narrow" aria-labelledby="confirm-title">
      <PageTitle title={t('confirm.title')} />
      <h1 id="confirm-title">{t('confirm.title')}</h1>
      <p className="lead">{t('confirm.lead', { answered, total: questions.length })}</p>
      {answered < questions.length ? <p>{t('question.unanswered', { count: questions.length - answered })}</p> : null}
      <ol className="review-grid">
        {questions.map((q, i) => {
          const done = progress[q.id]?.choice != null;
          return (
            <li key={q.id}>
              <button
                type="button"
                className="review-grid__cell"
                data-done={done || undefined}
                onClick={() => onEdit(i)}
                aria-label={`${t('confirm.goTo', { number: i + firstNumber })}, ${done ? t('confirm.answered') : t('confirm.unanswered')}`}
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
        <button
          type="button"
          className="button button--secondary button--large"
          onClick={() => onEdit(firstOpen === -1 ? 0 : firstOpen)}
          disabled={busy}
        >
          {t('confirm.edit')}
        </button>
      </div>
    </section>
  );
}
