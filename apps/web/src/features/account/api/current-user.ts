import { currentUser, type TUser } from '@mindgauge/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The signed-in user (null for a visitor): one query shared by the header and every account screen. */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: ['account', 'me'],
    queryFn: async () => (await call(currentUser)).user,
    staleTime: 60_000,
  });

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}

/** After a sign-in, a profile change or a sign-out: every account view reads the new state. */
export function setCurrentUser(queryClient: QueryClient, user: TUser | null) {
  queryClient.setQueryData(currentUserQuery().queryKey, user);
  if (user === null) queryClient.removeQueries({ queryKey: ['account', 'orders'] });
}
