import { currentUser, type TUser } from '@mindgauge/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * The server marks a page requested without the sign-in cookie (apps/server static-web.ts): nobody is signed
 * in, so the first read needs no request. Used once, for the query's first entry; from then on the query's
 * own state (a sign-in sets it, a stale entry is fetched) is the truth.
 */
let pageSaysNoAccount = typeof document !== 'undefined' && document.documentElement.dataset.account === 'none';

/** The signed-in user (null for a visitor): one query shared by the header and every account screen. */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: ['account', 'me'],
    queryFn: async () => (await call(currentUser)).user,
    staleTime: 60_000,
    initialData: (): TUser | null | undefined => {
      if (!pageSaysNoAccount) return undefined;
      pageSaysNoAccount = false;
      return null;
    },
  });

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}

/**
 * After a sign-in, a profile change or a sign-out: every account view reads the new state. A read of
 * `/user/get` still in flight (started before the cookie changed) is cancelled first, or its stale answer
 * would land after this one (a buyer signed in by the e-mailed link was sent back to the login page).
 */
export async function setCurrentUser(queryClient: QueryClient, user: TUser | null): Promise<void> {
  await queryClient.cancelQueries({ queryKey: currentUserQuery().queryKey });
  queryClient.setQueryData(currentUserQuery().queryKey, user);
  if (user === null) queryClient.removeQueries({ queryKey: ['account', 'orders'] });
}
