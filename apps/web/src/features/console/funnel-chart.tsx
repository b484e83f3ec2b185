/** A hand-drawn SVG line chart of a few series over days; the table beside it carries the same numbers. */
export function FunnelChart({
  days,
  series,
  label,
}: {
  days: string[];
  series: { name: string; values: number[] }[];
  label: string;
}) {
  const W = 640;
  const H = 220;
  const pad = { l: 40, r: 12, t: 12, b: 28 };
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const x = (i: number) => pad.l + (days.length <= 1 ? 0 : (i * (W - pad.l - pad.r)) / (days.length - 1));
  const y = (v: number) => H - pad.b - (v * (H - pad.t - pad.b)) / max;
  const ticks = [0, Math.round(max / 2), max];
  return (
    <figure className="console__chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={pad.l} x2={W - pad.r} y1={y(v)} y2={y(v)} className="console__chart-grid" />
            <text x={pad.l - 6} y={y(v) + 4} textAnchor="end" className="console__chart-text">
              {v}
            </text>
          </g>
        ))}
        {days.length > 0 && (
          <>
            <text x={x(0)} y={H - 8} className="console__chart-text">
              {days[0]}
            </text>
            <text x={x(days.length - 1)} y={H - 8} textAnchor="end" className="console__chart-text">
              {days[days.length - 1]}
            </text>
          </>
        )}
        {series.map((s, k) => (
          <polyline
            key={s.name}
            className={`console__chart-line console__chart-line--${k}`}
            fill="none"
            points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption>
        <ul className="console__legend">
          {series.map((s, k) => (
            <li key={s.name}>
              <span className={`console__swatch console__chart-line--${k}`} aria-hidden="true" /> {s.name}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
