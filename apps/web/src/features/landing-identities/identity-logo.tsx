import type { CSSProperties } from 'react';
import { FRAMES, MOTIFS } from './logo-shapes';
import { IDENTITIES, type LandingIdentity } from './registry';
import { useVisitVariant } from './visit-identity';

/** Frames whose inside is narrower than the 32 × 32 box draw their motif smaller. */
const MOTIF_SCALE: Partial<Record<keyof typeof FRAMES, number>> = { diamond: 0.7, hexagon: 0.85, shield: 0.85 };

/**
 * A variant's mark: its frame and motif in its colours. `tone="footer"` is the footer's version: an outline
 * in the theme's light tint, for the dark footer. Decorative: the brand name next to it is the label.
 */
export function IdentityMark({
  identity,
  size = 32,
  tone = 'header',
}: {
  identity: LandingIdentity;
  size?: number;
  tone?: 'header' | 'footer';
}) {
  const { frame, motif, outline } = identity.logo;
  const shape = MOTIFS[motif];
  const scale = MOTIF_SCALE[frame] ?? 1;
  const hollow = outline || tone === 'footer';
  // The footer is dark: its mark is drawn in the theme's light tint.
  const ink = tone === 'footer' ? identity.theme.brandSoft : identity.theme.brand;
  const motifColour = hollow ? ink : '#ffffff';
  return (
    <svg
      width={size}
      height={size}
      viewBox="-1 -1 34 34"
      aria-hidden="true"
      focusable="false"
      className="logo identity-mark"
      data-logo={`${frame}-${motif}${hollow ? '-outline' : ''}`}
    >
      <path
        d={FRAMES[frame]}
        fill={hollow ? 'none' : ink}
        stroke={hollow ? ink : 'none'}
        strokeWidth={hollow ? 1.6 : 0}
      />
      <path
        d={shape.d}
        transform={scale === 1 ? undefined : `translate(${16 - 16 * scale} ${16 - 16 * scale}) scale(${scale})`}
        fill={shape.paint === 'fill' ? motifColour : 'none'}
        stroke={shape.paint === 'stroke' ? motifColour : 'none'}
        strokeWidth={2 / scale}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The word "Mindgauge" set in the variant's style. */
export function Wordmark({ identity, text }: { identity: LandingIdentity; text: string }) {
  const w = identity.logo.wordmark;
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
  fallback: React.ReactNode;
}) {
  const variant = useVisitVariant();
  if (!variant) return <>{fallback}</>;
  const identity = IDENTITIES[variant];
  return (
    <span className={`identity-logo identity-logo--${tone}`} data-identity-logo={variant}>
      <IdentityMark identity={identity} size={tone === 'header' ? 32 : 28} tone={tone} />
      <Wordmark identity={identity} text={brandName} />
    </span>
  );
}
