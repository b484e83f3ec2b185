import type { TPersonalityAxis } from '@mindgauge/contract';
import { useTranslation } from 'react-i18next';

export type Pole = 'E' | 'I' | 'S' | 'N' | 'T' | 'F' | 'J' | 'P';
const POLES: Record<TPersonalityAxis['axis'], readonly [Pole, Pole]> = {
  EI: ['E', 'I'],
  SN: ['S', 'N'],
  TF: ['T', 'F'],
  JP: ['J', 'P'],
};

/**
 * One axis as a continuous share between its poles, with its 95% margin drawn as a band and said in words
 * (the drawing is hidden from screen readers: the text carries everything it shows).
 */
export function AxisBar({ axis }: { axis: TPersonalityAxis }) {
  const { t } = useTranslation('personality-test');
  const [first, second] = POLES[axis.axis];
  const firstPercent = axis.firstPolePercent;
  const low = Math.max(0, firstPercent - axis.marginPercent);
  const high = Math.min(100, firstPercent + axis.marginPercent);
  return (
    <li className="axis-bar" data-borderline={axis.borderline || undefined}>
      <h3 className="axis-bar__title">{t(`axis.${axis.axis}`)}</h3>
      <p className="axis-bar__shares">
        <span data-lean={axis.letter === first || undefined}>
          {t('result.axisShare', { pole: t(`pole.${first}`), percent: firstPercent })}
        </span>
        <span data-lean={axis.letter === second || undefined}>
          {t('result.axisShare', { pole: t(`pole.${second}`), percent: 100 - firstPercent })}
        </span>
      </p>
      {/* Left is the first pole: the marker sits at the first pole's share measured from the right. */}
      <div className="axis-bar__track" aria-hidden="true">
        <span className="axis-bar__band" style={{ left: `${100 - high}%`, width: `${high - low}%` }} />
        <span className="axis-bar__mid" />
        <span className="axis-bar__marker" style={{ left: `${100 - firstPercent}%` }} />
      </div>
      <p className="axis-bar__margin">{t('result.margin', { margin: axis.marginPercent })}</p>
      {axis.borderline ? <p className="axis-bar__note">{t('result.borderline')}</p> : null}
    </li>
  );
}
