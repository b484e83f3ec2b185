import { RELOAD_GUARD_MS } from '@mindgauge/contract';
import { session } from '../lib/storage';

const KEY = 'chunk-reload-at';

/**
 * After a deploy, an open tab may ask for chunks that no longer exist. Reload once to get the new build;
 * the guard (once per 10 s) stops a reload loop when the failure has another cause.
 * Returns false when the guard refused.
 */
export function reloadForChunkError(now = Date.now()): boolean {
  const last = session.get<number>(KEY);
  if (last !== undefined && now - last < RELOAD_GUARD_MS) return false;
  session.set(KEY, now);
  location.reload();
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch dynamically/i.test(
    message,
  );
}

export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
