import type { Locale } from '@mindgauge/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, data, matchPath, matchRoutes, type RouteObject } from 'react-router';
import { NotFoundScreen } from '../features/errors/not-found-screen';
import { RouteErrorScreen } from '../features/errors/route-error-screen';
import {
  ensureAccountNamespace,
  ensureMembersNamespace,
  ensurePaidNamespaces,
  ensurePersonalityNamespaces,
} from '../i18n/i18n';
import { rememberLinkToken } from './app-state';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload';
import { isValidMatch, ROUTES, type RouteKey, routeName } from './paths';
import { BootLoading, RootLayout } from './root-layout';
import { SCREENS } from './screens';

/** Screens that show payment or report texts: their namespaces load with them. */
const PAID_GROUPS = new Set<string>(['payment', 'report', 'subscription']);

/** Loads the namespaces a screen's group needs beyond the core ones. */
function ensureGroupNamespaces(group: string): Promise<void> | null {
  if (PAID_GROUPS.has(group)) return ensurePaidNamespaces();
  if (group === 'personality') return ensurePersonalityNamespaces();
  if (group === 'user') return ensureAccountNamespace();
  if (group === 'members') return ensureMembersNamespace();
  return null;
}

/** Loads a screen module; a missing chunk (after a deploy) reloads the page once. */
async function importScreen(key: RouteKey) {
  const load = SCREENS[key];
  if (!load) throw data(null, { status: 404 });
  try {
    return await load();
  } catch (err) {
    if (isChunkLoadError(err) && reloadForChunkError()) return new Promise<never>(() => {});
    throw err;
  }
}

/**
 * Starts fetching the first screen's module at boot, while the language chunk loads: neither needs the
 * other, and waiting for one before asking for the other cost a network round trip on every first visit.
 * The router's lazy import then finds the module already loading (modules are fetched once).
 */
export function preloadScreen(pathname: string): void {
  for (const key of Object.keys(ROUTES) as RouteKey[]) {
    const load = SCREENS[key];
    if (load && ROUTES[key].paths.some((path) => matchPath(path, pathname))) {
      // A failure here is the router's to handle (and report) when it imports the same module.
      load().catch(() => undefined);
      return;
    }
  }
}

/**
 * The screens' routes. `prerender` (the build's static HTML, app/prerender.tsx) leaves the loaders out:
 * at build time there is no API to load from, and what a loader fetches fills in after hydration.
 */
export function screenRoutes(queryClient: QueryClient, prerender = false): RouteObject[] {
  const routes: RouteObject[] = [];
  for (const key of Object.keys(ROUTES) as RouteKey[]) {
    if (!SCREENS[key]) continue;
    for (const path of ROUTES[key].paths) {
      routes.push({
        id: routeName(path),
        path,
        handle: { key },
        lazy: async () => {
          const [mod] = await Promise.all([
            importScreen(key),
            prerender ? null : ensureGroupNamespaces(ROUTES[key].group),
          ]);
          if (prerender) return { Component: mod.Component };
          return {
            Component: mod.Component,
            loader: async (args) => {
              if (!isValidMatch(args.params)) throw data(null, { status: 404 });
              rememberLinkToken(new URL(args.request.url).searchParams);
              return (await mod.loader?.(args, { queryClient })) ?? null;
            },
          };
        },
      });
    }
  }
  return routes;
}

/** The whole route tree: the root layout around every screen, the 404 page for any other path. */
export function appRoutes(queryClient: QueryClient, prerender = false): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      hydrateFallbackElement: <BootLoading />,
      children: [
        {
          id: 'screens',
          errorElement: <RouteErrorScreen />,
          children: [
            ...screenRoutes(queryClient, prerender),
            { id: 'not-found', path: '*', element: <NotFoundScreen /> },
          ],
        },
      ],
    },
  ];
}

/**
 * The browser's router. A page prerendered at build time is hydrated: its screen's module is imported first
 * (a lazy route would render the fallback instead of the page) and the screen's loader is not run before
 * hydration (`hydrationData`), since what it loads is what the page fills in after hydrating.
 */
export async function createRouter(queryClient: QueryClient, hydrate: false | { locale: Locale } = false) {
  const routes = appRoutes(queryClient);
  if (!hydrate) return createBrowserRouter(routes);
  const matches = matchRoutes(routes, location) ?? [];
  const loaderData: Record<string, null> = {};
  for (const { route, params } of matches) {
    if (route.lazy && typeof route.lazy === 'function') {
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }
    if (route.id && route.loader) loaderData[route.id] = null;
    const key = (route.handle as { key?: RouteKey } | undefined)?.key;
    // The screen's module is loaded by now (lazy above): this only reads its export.
    if (key && isValidMatch(params)) (await importScreen(key)).prefetch?.(params, { queryClient, ...hydrate });
  }
  return createBrowserRouter(routes, { hydrationData: { loaderData } });
}
