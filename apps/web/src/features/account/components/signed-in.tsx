import type { TUser } from '@mindgauge/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { withKeptQuery } from '../../../components/app-link';
import { useCurrentUser } from '../api/current-user';
import { useAccountHref } from '../use-account-href';

/** Shows its content to a signed-in user; a visitor goes to login, and comes back here after it. */
export function SignedIn({ children }: { children: (user: TUser) => ReactNode }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const location = useLocation();
  const href = useAccountHref();
  if (me.isPending) return <p className="meta container page">{t('a11y.loading')}</p>;
  if (!me.data) {
    const from = location.pathname + location.search + location.hash;
    return <Navigate replace to={withKeptQuery(href('userLogin', { from }))} />;
  }
  return <>{children(me.data)}</>;
}
