import type { CSSProperties, ReactNode } from 'react';
import { type IdentitySnapshot, useVisitIdentity } from './visit-identity';

/**
 * A variant's mark: its frame and motif in its colours. `tone="footer"` is the footer's version: an outline
 * in the theme's light tint, for the dark footer. Decorative: the brand name next to it is the label.
 */
export function IdentityMark({
  identity,
  size = 32,
  tone = 'header',
}: {
  identity: IdentitySnapshot;
  size?: number;
  tone?: 'header' | 'footer';
}) {
  const { frame, motif, paint, outline, scale, ink, footerInk } = identity.mark;
  const hollow = outline || tone === 'footer';
  const colour = tone === 'footer' ? footerInk : ink;
  const motifColour = hollow ? colour : '#ffffff';
  return (
    <svg
      width={size}
      height={size}
      viewBox="-1 -1 34 34"
      aria-hidden="true"
      focusable="false"
      className="logo identity-mark"
    >
      <path
        d={frame}
        fill={hollow ? 'none' : colour}
        stroke={hollow ? colour : 'none'}
        strokeWidth={hollow ? 1.6 : 0}
      />
      <path
        d={motif}
        transform={scale === 1 ? undefined : `translate(${16 - 16 * scale} ${16 - 16 * scale}) scale(${scale})`}
        fill={paint === 'fill' ? motifColour : 'none'}
        stroke={paint === 'stroke' ? motifColour : 'none'}
        strokeWidth={2 / scale}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The word "Mindgauge" set in the variant's style. */
function Wordmark({ identity, text }: { identity: IdentitySnapshot; text: string }) {
  const w = identity.wordmark;
  const style: CSSProperties = {
    fontWeight: w.weight,
    letterSpacing: `${w.tracking}em`,
    fontStyle: w.italic ? 'italic' : 'normal',
    textTransform: w.case === 'none' ? 'none' : w.case === 'upper' ? 'uppercase' : 'lowercase',
  };
  return (
    <span className={`wordmark wordmark--${w.family}`} style={style} aria-hidden="true">
      {text}
    </span>
  );
}

/**
 * The header's and footer's logo: the visit's identity when it started on a landing, else the product's own
 * mark (`fallback`, so the shared logo stays where it is).
 */
export function VisitLogo({
  brandName,
  tone,
  fallback,
}: {
  brandName: string;
  tone: 'header' | 'footer';
  fallback: ReactNode;
}) {
  const identity = useVisitIdentity();
  if (!identity) return <>{fallback}</>;
  return (
    <span className={`identity-logo identity-logo--${tone}`} data-identity-logo={identity.variant}>
      <IdentityMark identity={identity} size={tone === 'header' ? 32 : 28} tone={tone} />
      <Wordmark identity={identity} text={brandName} />
    </span>
  );
}
