import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginHydration, useHydrated } from './use-hydrated';

// React's act() flushes the hydration's transition before the assertions.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const firstRenders: boolean[] = [];

function Probe({ name }: { name: string }) {
  const hydrated = useHydrated();
  if (firstRenders.length < 10) firstRenders.push(hydrated);
  return <a href={hydrated ? `/${name}?kept=1` : `/${name}`}>{name}</a>;
}

function Page({ later }: { later: boolean }) {
  return (
    <p>
      <Probe name="a" />
      <Probe name="b" />
      {later ? <Probe name="late" /> : null}
    </p>
  );
}

describe('useHydrated', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    firstRenders.length = 0;
  });

  it('hydrates the static markup as it is, then fills the visitor parts in; what mounts later has them at once', async () => {
    // The prerender's render (hydrating) and the browser's hydration of its markup.
    beginHydration();
    const html = renderToString(<Page later={false} />);
    expect(html).toContain('href="/a"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const mismatches = vi.fn();
    beginHydration();
    firstRenders.length = 0;
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Page later={false} />, { onRecoverableError: mismatches });
    });
    expect(mismatches).not.toHaveBeenCalled();
    // Rendered first as the markup was, then switched (a transition) to the visitor's links.
    expect(firstRenders.slice(0, 2)).toEqual([false, false]);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/a?kept=1');
    firstRenders.length = 0;
    await act(async () => root?.render(<Page later />));
    expect(container.querySelectorAll('a')[2]?.getAttribute('href')).toBe('/late?kept=1');
    expect(firstRenders.at(-1)).toBe(true);
    await act(async () => root?.unmount());
  });
});
