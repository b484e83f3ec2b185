/** Standard normal density, for drawing the IQ distribution (mean 100, SD 15). */
function density(iq: number): number {
  const z = (iq - 100) / 15;
  return Math.exp(-0.5 * z * z);
}

const W = 320;
const H = 150;
const MIN = 55;
const MAX = 145;
const PAD = 12;
const x = (iq: number) => PAD + ((iq - MIN) / (MAX - MIN)) * (W - 2 * PAD);
const y = (d: number) => H - 18 - d * (H - 34);

function areaPath(from: number, to: number): string {
  let d = `M${x(from).toFixed(1)} ${y(0).toFixed(1)}`;
  for (let iq = from; iq <= to; iq += 1) d += ` L${x(iq).toFixed(1)} ${y(density(iq)).toFixed(1)}`;
  return `${d} L${x(to).toFixed(1)} ${y(0).toFixed(1)} Z`;
}

/** Bands drawn with fill levels (not hues): colour-blind safe, like the puzzles. */
export const BANDS = [
  { from: 55, to: 70, fill: 'var(--band-1)' },
  { from: 70, to: 85, fill: 'var(--band-2)' },
  { from: 85, to: 115, fill: 'var(--band-3)' },
  { from: 115, to: 130, fill: 'var(--band-2)' },
  { from: 130, to: 145, fill: 'var(--band-1)' },
] as const;

/** A hand-drawn SVG bell curve: no chart library, nothing to download. */
export function BellCurve({ label, marker }: { label: string; marker?: number }) {
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="bell-curve" role="img" aria-label={label}>
      <title>{label}</title>
      {BANDS.map((b) => (
        <path key={b.from} d={areaPath(b.from, b.to)} fill={b.fill} />
      ))}
      <path d={areaPath(MIN, MAX)} fill="none" stroke="var(--color-text)" strokeWidth="1.5" />
      <line x1={x(100)} x2={x(100)} y1={y(0)} y2={y(1)} stroke="var(--color-text)" strokeDasharray="3 3" />
      {[55, 70, 85, 100, 115, 130, 145].map((iq) => (
        <text key={iq} x={x(iq)} y={H - 4} textAnchor="middle" className="bell-curve__tick">
          {iq}
        </text>
      ))}
      {marker !== undefined ? (
        <circle
          cx={x(Math.min(MAX, Math.max(MIN, marker)))}
          cy={y(density(marker))}
          r="5"
          className="bell-curve__marker"
        />
      ) : null}
    </svg>
  );
}
