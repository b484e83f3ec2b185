import * as z from 'zod/mini';

const ZRuntimeConfig = z.object({
  apiBase: z.string(),
  payBase: z.string(),
  publicUrl: z.string(),
  devMailbox: z.boolean(),
  /** Simulated parts a test deployment runs on purpose (the server's ALLOW_TEST_PAYMENTS, DEV_MAILBOX). */
  testMode: z._default(z.array(z.enum(['payments', 'mailbox'])), []),
  /** The spec's runtime mode (the server's APP_MODE): a mode containing `fb` keeps ad consent denied. */
  mode: z._default(z.string(), 'standard'),
  /** The ad pixels the operator configured: only these may load, and only as lib/ad-pixels decides. */
  pixels: z._default(
    z.object({
      // Keys are checked where they are used (click-ids.ts reads only the providers it knows).
      ids: z.record(z.string(), z.string()),
      googleAdsPurchaseLabel: z.optional(z.string()),
      scriptOrigin: z.optional(z.string()),
    }),
    { ids: {} },
  ),
});
export type RuntimeConfig = z.infer<typeof ZRuntimeConfig>;

const DEV_DEFAULTS: RuntimeConfig = {
  apiBase: '/api',
  payBase: '/api-pay',
  publicUrl: '',
  devMailbox: true,
  testMode: [],
  mode: 'standard',
  pixels: { ids: {} },
};

/** The public subset of the server's configuration, served in a meta tag of index.html. */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const raw = doc.querySelector('meta[name="mindgauge-config"]')?.getAttribute('content');
  if (!raw) return DEV_DEFAULTS;
  const parsed = ZRuntimeConfig.safeParse(JSON.parse(raw));
  return parsed.success ? parsed.data : DEV_DEFAULTS;
}

// Prerendering at build time (app/prerender.tsx) has no document: the defaults, and nothing deployment-specific is drawn.
export const runtimeConfig = typeof document === 'undefined' ? DEV_DEFAULTS : readRuntimeConfig();

/** Per-request facts the server adds to the page: the visitor's continent from its trusted country header. */
const ZVisitor = z.object({ continent: z.enum(['EU', 'other', 'unknown']) });
export type Continent = z.infer<typeof ZVisitor>['continent'];

/**
 * The visitor's continent. Without the server's tag (the page served by a CDN, or no COUNTRY_HEADER) it is
 * `unknown`, which the consent rule treats like Europe: the visitor is asked first.
 */
export function readVisitorContinent(doc: Document = document): Continent {
  const raw = doc.querySelector('meta[name="mindgauge-visitor"]')?.getAttribute('content');
  if (!raw) return 'unknown';
  try {
    const parsed = ZVisitor.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.continent : 'unknown';
  } catch {
    return 'unknown';
  }
}
