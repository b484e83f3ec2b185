import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDeferredQueryData } from './use-deferred-query-data';
import { beginHydration } from './use-hydrated';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const fetched = vi.fn(async () => ['France', 'Japan']);
const countriesQuery = { queryKey: ['countries'], queryFn: fetched, staleTime: 60_000 };

function Countries() {
  const countries = useDeferredQueryData(countriesQuery);
  return <ul>{countries?.map((c) => <li key={c}>{c}</li>) ?? <li>…</li>}</ul>;
}

const page = (client: QueryClient) => (
  <QueryClientProvider client={client}>
    <Countries />
  </QueryClientProvider>
);

describe('useDeferredQueryData', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    fetched.mockClear();
  });

  it('hydrates prerendered markup as built although the answer is already cached, then shows it without asking again', async () => {
    // Built without data (there is no API at build time).
    beginHydration();
    const html = renderToString(page(new QueryClient()));
    expect(html).toContain('…');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);

    // The browser prefetched the query before hydrating (ScreenModule.prefetch) and its answer came first.
    const client = new QueryClient();
    await client.prefetchQuery(countriesQuery);
    expect(fetched).toHaveBeenCalledTimes(1);

    const mismatches = vi.fn();
    beginHydration();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, page(client), { onRecoverableError: mismatches });
    });
    expect(mismatches).not.toHaveBeenCalled();
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['France', 'Japan']);
    // Subscribing after hydration found the answer fresh: no second request.
    expect(fetched).toHaveBeenCalledTimes(1);
    await act(async () => root?.unmount());
  });
});
