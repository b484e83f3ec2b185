/**
 * The prerender build's entry (decision 0035): `vite build --ssr src/app/prerender.tsx` bundles it for Node,
 * and scripts/prerender.mjs, after the client build, writes each page it renders into dist/prerendered/.
 * The home page and the landings (every IQ variant of the registry and its short aliases, at the default
 * exam) in every language: their first paint needs no JavaScript; the browser hydrates them (main.tsx). The server sends
 * these pages for those URLs and the SPA shell for every other one (apps/server/src/http/static-web.ts).
 */
import {
  DEFAULT_SCOPE,
  KEPT_QUERY_PARAMS,
  LANDING_ALIASES,
  LANDING_VARIANTS,
  LOCALES,
  type Locale,
  PERSONALITY_VARIANT,
  STORAGE_PREFIX,
  STORAGE_TTL_DAYS,
} from '@mindgauge/contract';
import { CORE_NAMESPACES, loadLandingResources, loadNamespace } from '@mindgauge/locales';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PrerenderTitle } from '../components/page-title';
import { IDENTITIES } from '../features/landing-identities/registry';
import { snapshotOf } from '../features/landing-identities/snapshot';
import { type IdentitySnapshot, variantOfPath } from '../features/landing-identities/visit-identity';
import { i18nextOptions } from '../i18n/i18next-options';
import { VISIT_IDENTITY_KEY } from '../lib/visit-landing';
import { createQueryClient } from './query-client';
import { appRoutes } from './router';

/** What scripts/prerender.mjs needs: the locales rendered, the parameters the inline script keeps in links, and where it stores a landing's identity. */
export { KEPT_QUERY_PARAMS, LOCALES, STORAGE_PREFIX, STORAGE_TTL_DAYS, VISIT_IDENTITY_KEY };

/** The pages prerendered: the home page and the IQ landings (the personality landing is another feature's) at the default scope. */
export function prerenderedPaths(): string[] {
  const variants = LANDING_VARIANTS.filter((v) => v !== PERSONALITY_VARIANT).map(
    (v) => `/landing_page/${v}/${DEFAULT_SCOPE}`,
  );
  const aliases = Object.entries(LANDING_ALIASES)
    .filter(([, v]) => v !== PERSONALITY_VARIANT)
    .map(([p]) => p.replace(':scope', DEFAULT_SCOPE));
  return ['/', ...variants, ...aliases];
}

/**
 * A landing's identity as the static page needs it before any script runs: the variant, its colours as a
 * style block (inline, allowed by its hash in the page's CSP; visit-identity.ts later sets the same
 * properties) and the browser's theme colour. Null for a page that is not a landing.
 */
export function identityOf(
  pathname: string,
): { variant: string; css: string; brand: string; snapshot: IdentitySnapshot } | null {
  const variant = variantOfPath(pathname);
  if (!variant) return null;
  const snapshot = snapshotOf(IDENTITIES[variant]);
  const props = snapshot.props;
  const css = `:root{${Object.entries(props)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}\n`;
  return { variant, css, brand: props['--color-brand'] ?? '', snapshot };
}

/** Starts i18next for rendering on the build machine, every locale's texts the prerendered pages show. */
export async function initServerI18n(): Promise<void> {
  await i18next.use(initReactI18next).init(i18nextOptions('en', 'en'));
  for (const locale of LOCALES) {
    const [core, landings] = await Promise.all([
      Promise.all(CORE_NAMESPACES.map((ns) => loadNamespace(locale, ns))),
      loadLandingResources(locale),
    ]);
    CORE_NAMESPACES.forEach((ns, i) => {
      i18next.addResourceBundle(locale, ns, core[i], true, true);
    });
    i18next.addResourceBundle(locale, 'landings', landings, true, true);
  }
}

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The document title the page's PageTitle set. */
  title: string;
}

/**
 * Renders one page as the browser's first render will: no loader runs, no stored
 * visitor data exists, so the client's hydration finds the same markup (lib/use-hydrated.ts).
 */
export async function renderPage(pathname: string, locale: Locale): Promise<RenderedPage> {
  await i18next.changeLanguage(locale);
  const queryClient = createQueryClient();
  const handler = createStaticHandler(appRoutes(queryClient, true));
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} redirected (${context.status})`);
  if (context.statusCode !== 200) throw new Error(`${pathname} rendered with status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const sink: { title?: string } = {};
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <PrerenderTitle.Provider value={sink}>
          {/* No inline hydration script: the CSP allows none; the client's router starts from the URL. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </PrerenderTitle.Provider>
      </QueryClientProvider>
    </StrictMode>,
  );
  queryClient.clear();
  return { html, title: sink.title ?? i18next.t('brand.name') };
}
