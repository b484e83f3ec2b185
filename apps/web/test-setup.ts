import { afterAll, vi } from 'vitest';

/**
 * The web's test files share a worker's modules (vitest.config.ts: isolate off) and so its DOM and storage:
 * each file ends by leaving them as a fresh page would, so that no file depends on the one before it.
 */
afterAll(() => {
  localStorage.clear();
  sessionStorage.clear();
  for (const name of document.cookie.split(';').map((c) => c.split('=')[0]?.trim())) {
    // biome-ignore lint/suspicious/noDocumentCookie: the same API the app's own setCookie uses.
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  document.body.replaceChildren();
  document.title = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
