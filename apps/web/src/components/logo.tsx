/** The mark: a 3 × 3 matrix with its last cell missing. Decorative; the brand name is the accessible label. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="logo">
      <rect width="32" height="32" rx="8" className="logo__bg" />
      <g className="logo__cells">
        <rect x="6" y="6" width="5" height="5" rx="1" />
        <rect x="13.5" y="6" width="5" height="5" rx="1" opacity=".7" />
        <rect x="21" y="6" width="5" height="5" rx="1" opacity=".4" />
        <rect x="6" y="13.5" width="5" height="5" rx="1" opacity=".7" />
        <rect x="13.5" y="13.5" width="5" height="5" rx="1" opacity=".4" />
        <rect x="21" y="13.5" width="5" height="5" rx="1" />
        <rect x="6" y="21" width="5" height="5" rx="1" opacity=".4" />
        <rect x="13.5" y="21" width="5" height="5" rx="1" />
        <rect x="21.6" y="21.6" width="3.8" height="3.8" rx="1" className="logo__missing" />
      </g>
    </svg>
  );
}
