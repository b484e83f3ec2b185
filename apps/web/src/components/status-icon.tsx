/** The tick or cross at the top of a status screen (saved, paid, sent; payment failed). Decorative. */
export function StatusIcon({ kind }: { kind: 'success' | 'failure' }) {
  return kind === 'success' ? (
    <svg viewBox="0 0 48 48" className="success-panel__icon" aria-hidden="true">
      <circle cx="24" cy="24" r="20" />
      <path d="M15 25l6 6 12-13" />
    </svg>
  ) : (
    <svg viewBox="0 0 48 48" className="payment-failed__icon" aria-hidden="true">
      <circle cx="24" cy="24" r="20" />
      <path d="M17 17l14 14M31 17L17 31" />
    </svg>
  );
}
