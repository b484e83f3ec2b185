import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installChunkReload } from './app/chunk-reload';
import { createQueryClient } from './app/query-client';
import { createRouter, preloadScreen } from './app/router';
import { ensureLogid } from './features/tracking/track-visit';
import { detectLocale, initI18n } from './i18n/i18n';
import { initAdPixels } from './lib/ad-pixels/ad-pixels';
import { readVisitorContinent, runtimeConfig } from './lib/runtime-config';
import './styles/index.css';

async function boot() {
  installChunkReload();
  // Consent Mode's default (denied, 500 ms wait) goes first, before anything could load a tag.
  initAdPixels({ config: runtimeConfig, continent: readVisitorContinent(), pathname: location.pathname });
  const i18n = initI18n(detectLocale());
  preloadScreen(location.pathname);
  await i18n;
  void ensureLogid(location.search);
  const queryClient = createQueryClient();
  const router = createRouter(queryClient);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void boot();
