/**
 * The route registry lives in the contract (packages/contract/src/paths.ts) so the server builds its page
 * links from it too; this module keeps the web's imports working.
 */
export {
  buildHref,
  DEFAULT_SCOPE,
  isValidMatch,
  LANDING_ALIASES,
  LANDING_VARIANTS,
  type LandingVariant,
  PERSONALITY_TYPES,
  PERSONALITY_VARIANT,
  type PersonalityTypeSlug,
  PROTOCOL_KINDS,
  ROUTES,
  type RouteKey,
  type RouteParams,
  routeName,
} from '@mindgauge/contract';
