import { knownLandingVariant, type LandingVariant } from '@mindgauge/contract';
import { session } from './storage';

/** Where a landing keeps the visit's identity (landing-identities): per tab (the visit), and for later visits. */
export const VISIT_IDENTITY_KEY = 'landing-identity';

/**
 * The landing where this visit (this tab) began, for the start of a test: the funnel counts the test and
 * what follows from it under that landing. Empty when the visit began elsewhere. An earlier visit's identity
 * (kept in local storage for its theme) is not read: that visit's landing did not bring this one.
 */
export function visitLanding(): { variant?: LandingVariant } {
  const variant = knownLandingVariant(session.get<{ variant?: unknown }>(VISIT_IDENTITY_KEY)?.variant);
  return variant ? { variant } : {};
}
