/** A country code set by a trusted proxy or CDN (e.g. cf-ipcountry); unknown and Tor markers are ignored. */
export function countryFrom(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1' ? value : null;
}

/**
 * Countries of the continent Europe, as geolocation services file them (continent code EU), plus Cyprus:
 * every country where the GDPR, the UK GDPR or the Swiss FADP applies is in it.
 */
const EUROPE = new Set(
  (
    'AD AL AT AX BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC ' +
    'MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM UA VA XK'
  ).split(' '),
);

/**
 * The visitor's continent for the consent rule: `EU`, `other`, or `unknown` when no trusted country header
 * is configured or it carries no country. The browser treats `unknown` like Europe (it asks first), so a
 * missing or misconfigured header can only make the site more careful, never less.
 */
export type Continent = 'EU' | 'other' | 'unknown';

export function continentOf(country: string | null): Continent {
  if (!country) return 'unknown';
  return EUROPE.has(country) ? 'EU' : 'other';
}
