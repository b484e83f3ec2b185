import type { TTrainingWeek } from '@mindgauge/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const W = 560;
const H = 220;
const PAD = { left: 44, right: 44, top: 16, bottom: 40 };

/**
 * Accuracy and time by week, drawn by hand in SVG (no chart library): accuracy as bars on the left axis
 * (0–100%), the median time per puzzle as a line on the right axis. The same figures follow in a table,
 * which is what a screen reader reads (the drawing is hidden from it).
 */
export function ProgressChart({ weeks }: { weeks: readonly TTrainingWeek[] }) {
  const { t, i18n } = useTranslation('members');
  const captionId = useId();
  const pct = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const secs = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  if (weeks.length === 0) return <p className="meta">{t('training.noProgress')}</p>;
  const maxSeconds = Math.max(10, ...weeks.map((w) => w.medianSeconds));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / weeks.length;
  const barW = Math.min(48, slot * 0.6);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const yAcc = (a: number) => PAD.top + innerH * (1 - a);
  const yTime = (s: number) => PAD.top + innerH * (1 - s / maxSeconds);
  const line = weeks.map((w, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${yTime(w.medianSeconds).toFixed(1)}`);
  return (
    <figure className="members-chart" aria-labelledby={captionId}>
      <svg viewBox={`0 0 ${W} ${H}`} className="members-chart__svg" aria-hidden="true" focusable="false">
        {[0, 0.5, 1].map((g) => (
          <g key={g}>
            <line x1={PAD.left} x2={W - PAD.right} y1={yAcc(g)} y2={yAcc(g)} className="members-chart__grid" />
            <text x={PAD.left - 6} y={yAcc(g) + 4} textAnchor="end" className="members-chart__tick">
              {pct.format(g)}
            </text>
            <text x={W - PAD.right + 6} y={yAcc(g) + 4} className="members-chart__tick">
              {secs.format(maxSeconds * g)}
            </text>
          </g>
        ))}
        {weeks.map((w, i) => (
          <g key={w.week}>
            <rect
              x={x(i) - barW / 2}
              y={yAcc(w.accuracy)}
              width={barW}
              height={innerH * w.accuracy}
              className="members-chart__bar"
            />
            <text x={x(i)} y={H - PAD.bottom + 18} textAnchor="middle" className="members-chart__tick">
              {w.week.slice(5)}
            </text>
          </g>
        ))}
        <path d={line.join('')} className="members-chart__line" />
        {weeks.map((w, i) => (
          <circle key={w.week} cx={x(i)} cy={yTime(w.medianSeconds)} r={4} className="members-chart__dot" />
        ))}
      </svg>
      <figcaption id={captionId}>{t('training.chartCaption')}</figcaption>
      <table className="members-chart__table">
        <caption className="visually-hidden">{t('training.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('training.colWeek')}</th>
            <th scope="col">{t('training.colAnswered')}</th>
            <th scope="col">{t('training.colAccuracy')}</th>
            <th scope="col">{t('training.colTime')}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.week}>
              <th scope="row">{w.week}</th>
              <td>{w.answered}</td>
              <td>{pct.format(w.accuracy)}</td>
              <td>{t('training.seconds', { value: secs.format(w.medianSeconds) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
