import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A query's data, switched to in a transition. TanStack Query reports through useSyncExternalStore, whose
 * updates React renders synchronously: an answer arriving right after a landing hydrates drew its table or
 * list in one task that a tap had to wait for. With the data deferred, that synchronous render keeps the old
 * value (nothing to draw) and React draws the new one in slices it can interrupt. For parts a visitor reads,
 * not for what a decision waits on (a price shown before paying reads its query directly).
 */
export function useDeferredQueryData<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, Error, TData, TKey>,
): TData | undefined {
  const data = useQuery(options).data;
  // While React adopts a prerendered page, what the page had when it was built: no data. A prerendered screen
  // starts its queries before hydrating (ScreenModule.prefetch), and an answer that came early must not be
  // drawn into HTML that does not have it.
  const hydrated = useHydrated();
  return useDeferredValue(hydrated ? data : undefined);
}
