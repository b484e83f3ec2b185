import { startTransition, useEffect, useState } from 'react';

/** True while React adopts prerendered HTML (main.tsx says so before hydrating) and while prerendering. */
let hydrating = typeof document === 'undefined';

/** main.tsx calls this right before hydrateRoot: the components it hydrates render as the static HTML did. */
export function beginHydration(): void {
  hydrating = true;
}

/**
 * False while React hydrates a page prerendered at build time (and while prerendering it), true otherwise.
 * What differs per visitor (stored query parameters in links, a deployment's banners, the signed-in menu)
 * renders only when this is true, so the first client render matches the static HTML and React fills the
 * visitor's parts in right after; a component mounted later (or on a page rendered by createRoot) gets true
 * from its first render.
 *
 * The switch is a transition, not an external store: useSyncExternalStore's server-to-client switch is a
 * synchronous re-render of every link, the header and the footer in one long task on a slow phone (measured
 * 190 ms at a 4x slowdown, most of the landing's total blocking time). As a transition React renders it in
 * slices of a few milliseconds and the page answers taps in between.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    // The hydrating commit is over when its first effect runs: what mounts from now on is not in the HTML.
    hydrating = false;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
