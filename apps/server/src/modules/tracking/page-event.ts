import { LANDING_ALIASES, LANDING_VARIANTS, ROUTES } from '@mindgauge/contract';

/** Each route's paths as patterns, compiled once; the first match names the event (the route registry's order). */
const PATTERNS = Object.entries(ROUTES).flatMap(([id, route]) =>
  (route.paths as readonly string[]).map((path) => ({
    id,
    path,
    re: new RegExp(`^${path.replace(/:[a-zA-Z]+/g, '([^/]+)')}/?$`),
  })),
);
const VARIANTS = new Set<string>(LANDING_VARIANTS);

/**
 * What a page view counts as in the daily roll-up: the route it shows (the route registry's id: `landing`,
 * `answerStandard`, `payingSuccess`…, or `other`) and, on a landing, its variant ('' elsewhere). From the
 * page URL the browser reported; nothing else of the URL is kept in the counts.
 */
export function pageEventOf(url: string | undefined): { event: string; variant: string } {
  if (!url) return { event: 'other', variant: '' };
  let pathname: string;
  try {
    pathname = new URL(url, 'http://x').pathname;
  } catch {
    return { event: 'other', variant: '' };
  }
  for (const p of PATTERNS) {
    const m = p.re.exec(pathname);
    if (!m) continue;
    const alias = LANDING_ALIASES[p.path];
    const param = p.path.startsWith('/landing_page/:variant') ? m[1] : undefined;
    const variant = alias ?? (param && VARIANTS.has(param) ? param : '');
    return { event: p.id, variant };
  }
  return { event: 'other', variant: '' };
}
