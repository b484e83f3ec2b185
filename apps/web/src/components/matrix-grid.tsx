import { useTranslation } from 'react-i18next';

/** The 3 × 3 matrix: eight drawn panels and the missing ninth, shown as a dashed "?" cell. */
export function MatrixGrid({ context, number }: { context: readonly string[]; number: number }) {
  const { t } = useTranslation('test');
  return (
    <figure className="matrix" aria-label={t('question.matrixLabel', { number })}>
      {context.map((svg, i) => (
        // The drawings come from our own engine (presentation attributes only, no script).
        <div key={i} className="matrix__cell" dangerouslySetInnerHTML={{ __html: svg }} />
      ))}
      <div className="matrix__cell matrix__cell--missing" role="img" aria-label={t('question.missing')}>
        <span aria-hidden="true">?</span>
      </div>
    </figure>
  );
}
