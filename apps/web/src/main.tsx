import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installChunkReload } from './app/chunk-reload';
import { createQueryClient } from './app/query-client';
import { createRouter, preloadScreen } from './app/router';
import { applyKeptIdentity, variantOfPath } from './features/landing-identities/visit-identity';
import { ensureLogid } from './features/tracking/track-visit';
import { detectLocale, ensureLandingScreenNamespaces, initI18n, preloadLandingTexts } from './i18n/i18n';
import { initAdPixels } from './lib/ad-pixels/ad-pixels';
import { readVisitorContinent, runtimeConfig } from './lib/runtime-config';
import { beginHydration } from './lib/use-hydrated';
import './styles/index.css';

async function boot() {
  installChunkReload();
  // Consent Mode's default (denied, 500 ms wait) goes first, before anything could load a tag.
  initAdPixels({ config: runtimeConfig, continent: readVisitorContinent(), pathname: location.pathname });
  // The visit's landing identity (theme, logo) is in place before the first paint.
  applyKeptIdentity(location.pathname);
  const locale = detectLocale();
  const i18n = initI18n(locale);
  preloadScreen(location.pathname);
  // A landing's identity texts are fetched alongside the language chunk, not after the landing's module.
  if (variantOfPath(location.pathname)) preloadLandingTexts(locale);
  await i18n;
  void ensureLogid(location.search);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  // The server sent this page prerendered in this language (app/prerender.tsx): React adopts the HTML
  // instead of replacing it. In another language (a stored choice the server could not see) it renders anew.
  const hydrate = root.dataset.prerendered === locale;
  if (hydrate && variantOfPath(location.pathname)) await ensureLandingScreenNamespaces();
  const queryClient = createQueryClient();
  const router = await createRouter(queryClient, hydrate && { locale });
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  // Hydrating as a transition lets React yield to the browser every few milliseconds (the page is already
  // painted and its links work): short tasks instead of one long one, so a tap is answered at once.
  if (hydrate) {
    beginHydration();
    startTransition(() => void hydrateRoot(root, app));
  } else createRoot(root).render(app);
}

void boot();
