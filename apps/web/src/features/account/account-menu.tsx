import type { TUser } from '@mindgauge/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { RouteKey } from '../../app/paths';
import { withKeptQuery } from '../../components/app-link';
import { ensureAccountNamespace } from '../../i18n/i18n';
import { useCurrentUser } from './api/current-user';
import { logOut } from './api/logout';
import { orderListQuery } from './api/order-list';
import { leaveSignedOut } from './leave-signed-out';
import { useAccountHref } from './use-account-href';

/**
 * Where the header's menu items lead a signed-in user: their own pages instead of screens that need an
 * order in the address (the latest completed report's extras and files, the VIP centre in the personal
 * centre). Undefined for a visitor: the items keep their usual targets.
 */
export function useSignedInNav(): Partial<Record<string, string>> | undefined {
  const me = useCurrentUser();
  const href = useAccountHref();
  const user = me.data;
  const orders = useQuery({ ...orderListQuery(user?.id ?? ''), enabled: Boolean(user) });
  if (!user) return undefined;
  const latest = orders.data?.find((o) => o.status === 'completed' && o.orderNumber);
  const forOrder = (key: RouteKey) =>
    latest?.orderNumber ? href(key, { order: latest.orderNumber }) : href('userInfo');
  return {
    'nav.myStore': href('userInfo'),
    'nav.vipCentre': `${href('userInfo')}#vip`,
    'nav.advancedServices': forOrder('payingPackage'),
    'nav.resourcesDownload': forOrder('reportDownload'),
    'nav.advancedCentre': href('userSetting'),
  };
}

/** The header's account corner: "log in / register" for a visitor, the account menu for a signed-in user. */
export function AccountMenu() {
  const me = useCurrentUser();
  return me.data ? <SignedInMenu user={me.data} /> : <VisitorLink />;
}

function VisitorLink() {
  const { t } = useTranslation();
  const href = useAccountHref();
  const location = useLocation();
  const onAccountPage = location.pathname.startsWith('/user/');
  const from = location.pathname + location.search;
  return (
    <NavLink className="account-link" to={withKeptQuery(href('userLogin', onAccountPage ? {} : { from }))}>
      {t('nav.loginRegister')}
    </NavLink>
  );
}

function SignedInMenu({ user }: { user: TUser }) {
  const { t, i18n } = useTranslation('account');
  const href = useAccountHref();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [ready, setReady] = useState(() => i18n.hasResourceBundle(i18n.language, 'account'));
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!ready) void ensureAccountNamespace().then(() => setReady(true));
  }, [ready]);
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  if (!ready) return null;

  async function logout() {
    try {
      await logOut();
    } finally {
      leaveSignedOut(withKeptQuery(href('userLogin')));
    }
  }

  return (
    <div className="account-menu">
      <button
        ref={button}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        {t('menu.label')}
        <span className="visually-hidden">: {user.email}</span>
      </button>
      <ul id={menuId} className="account-menu__list" hidden={!open}>
        <li>
          <NavLink to={withKeptQuery(href('userInfo'))}>{t('menu.centre')}</NavLink>
        </li>
        <li>
          <NavLink to={withKeptQuery(`${href('userInfo')}#vip`)}>{t('menu.vip')}</NavLink>
        </li>
        <li>
          <NavLink to={withKeptQuery(href('userSetting'))}>{t('menu.settings')}</NavLink>
        </li>
        <li>
          <button type="button" className="account-menu__logout" onClick={() => void logout()}>
            {t('menu.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
