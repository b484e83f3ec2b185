import { FRAMES, MOTIFS } from './logo-shapes';
import { type LandingIdentity, themeProperties } from './registry';
import type { IdentitySnapshot } from './visit-identity';

/** Frames whose inside is narrower than the 32 × 32 box draw their motif smaller. */
const MOTIF_SCALE: Partial<Record<keyof typeof FRAMES, number>> = { diamond: 0.7, hexagon: 0.85, shield: 0.85 };

/** What later screens need of a variant: its colours and its logo's drawing, resolved from the registry. */
export function snapshotOf(identity: LandingIdentity): IdentitySnapshot {
  const { frame, motif, outline, wordmark } = identity.logo;
  return {
    variant: identity.variant,
    props: themeProperties(identity.theme),
    mark: {
      frame: FRAMES[frame],
      motif: MOTIFS[motif].d,
      paint: MOTIFS[motif].paint,
      outline,
      scale: MOTIF_SCALE[frame] ?? 1,
      ink: identity.theme.brand,
      // The footer is dark: its mark is drawn in the theme's light tint.
      footerInk: identity.theme.brandSoft,
    },
    wordmark: { ...wordmark },
  };
}
