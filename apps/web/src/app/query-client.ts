import { QueryClient } from '@tanstack/react-query';
import { NetworkError } from '../lib/api-client';

/** Retry only what can succeed on retry: network failures, never a 4xx. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 30 * 60_000,
        retry: (count, error) => error instanceof NetworkError && count < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
