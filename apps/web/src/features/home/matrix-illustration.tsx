/**
 * A decorative 3 × 3 matrix in the style of the test: shapes progress along rows, the last cell is missing.
 * Fill levels, not hues, carry the pattern (colour-blind safe).
 */
export function MatrixIllustration() {
  const shapes = ['circle', 'square', 'triangle'] as const;
  const fills = ['var(--shape-fill-1)', 'var(--shape-fill-2)', 'var(--shape-fill-3)'];
  const cells = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const x = c * 70 + 10;
      const y = r * 70 + 10;
      if (r === 2 && c === 2) {
        cells.push(
          <g key="missing">
            <rect x={x} y={y} width="60" height="60" rx="10" className="matrix-art__missing" />
            <text x={x + 30} y={y + 40} textAnchor="middle" className="matrix-art__q">
              ?
            </text>
          </g>,
        );
        continue;
      }
      const shape = shapes[c];
      const fill = fills[r];
      const cx = x + 30;
      const cy = y + 30;
      cells.push(
        <g key={`${r}${c}`}>
          <rect x={x} y={y} width="60" height="60" rx="10" className="matrix-art__cell" />
          {shape === 'circle' ? <circle cx={cx} cy={cy} r="16" fill={fill} className="matrix-art__shape" /> : null}
          {shape === 'square' ? (
            <rect x={cx - 15} y={cy - 15} width="30" height="30" fill={fill} className="matrix-art__shape" />
          ) : null}
          {shape === 'triangle' ? (
            <path d={`M${cx} ${cy - 17}L${cx + 17} ${cy + 14}H${cx - 17}Z`} fill={fill} className="matrix-art__shape" />
          ) : null}
        </g>,
      );
    }
  }
  return (
    <svg viewBox="0 0 220 220" className="matrix-art" aria-hidden="true" focusable="false">
      {cells}
    </svg>
  );
}
