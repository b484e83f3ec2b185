import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React hydrates a page prerendered at build time (and while prerendering it), true otherwise.
 * What differs per visitor (stored query parameters in links, a deployment's banners, the signed-in menu)
 * renders only when this is true, so the first client render matches the static HTML and React fills the
 * visitor's parts in right after; a page rendered by createRoot gets true from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
