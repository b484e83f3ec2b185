import type { TDimensionResult } from '@mindgauge/contract';
import { useTranslation } from 'react-i18next';

const W = 300;
const H = 28;
const x = (score: number) => (Math.min(100, Math.max(0, score)) / 100) * W;

/** A 0–100 scale with the reference group's middle range shaded and the score marked (SVG: no inline styles). */
function DimensionScale({ dim }: { dim: TDimensionResult }) {
  const { t } = useTranslation('report');
  const label = t('dimensions.chartLabel', {
    name: dim.name,
    score: dim.score,
    low: dim.referenceLow,
    high: dim.referenceHigh,
  });
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="dimension-scale" role="img" aria-label={label}>
      <rect x="0" y="11" width={W} height="6" rx="3" className="dimension-scale__track" />
      <rect
        x={x(dim.referenceLow)}
        y="8"
        width={Math.max(2, x(dim.referenceHigh) - x(dim.referenceLow))}
        height="12"
        rx="3"
        className="dimension-scale__reference"
      />
      <circle cx={x(dim.score)} cy="14" r="7" className="dimension-scale__marker" />
    </svg>
  );
}

const INTERPRETATIONS = {
  1: 'dimensions.interpretation.1',
  2: 'dimensions.interpretation.2',
  3: 'dimensions.interpretation.3',
  4: 'dimensions.interpretation.4',
  5: 'dimensions.interpretation.5',
} as const;

/** The five dimensions: score, level, reference range, what it means, and what it was measured from. */
export function DimensionList({ dimensions }: { dimensions: TDimensionResult[] }) {
  const { t } = useTranslation('report');
  return (
    <div className="dimensions">
      <h2>{t('dimensions.title')}</h2>
      <p className="meta">{t('dimensions.lead')}</p>
      <ul className="dimension-list">
        {dimensions.map((dim) => (
          <li key={dim.id} className="card dimension" data-dimension={dim.id}>
            <div className="dimension__head">
              <h3>{dim.name}</h3>
              <p className="dimension__score">
                {t('dimensions.score', { score: dim.score })}{' '}
                <span className={`level level--${dim.level}`}>{t('dimensions.level', { level: dim.levelName })}</span>
              </p>
            </div>
            <DimensionScale dim={dim} />
            <p className="meta">{t('dimensions.reference', { low: dim.referenceLow, high: dim.referenceHigh })}</p>
            <p>
              {dim.description} {t(INTERPRETATIONS[dim.level as keyof typeof INTERPRETATIONS])}
            </p>
            <p className="meta">{t('dimensions.source', { source: dim.source })}</p>
            {dim.provisional ? <p className="meta">{t('dimensions.provisional')}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
