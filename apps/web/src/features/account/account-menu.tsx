import type { TUser } from '@mindgauge/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import type { RouteKey } from '../../app/paths';
import { withKeptQuery } from '../../components/app-link';
import { ensureAccountNamespace } from '../../i18n/i18n';
import { useCurrentUser } from './api/current-user';
import { logOut } from './api/logout';
import { orderListQuery } from './api/order-list';
import { leaveSignedOut } from './leave-signed-out';
import { useAccountHref } from './use-account-href';

/** The header items that are about the visitor's own orders: in the account menu once signed in. */
export const ACCOUNT_NAV_LABELS = [
  'nav.myStore',
  'nav.vipCentre',
  'nav.advancedServices',
  'nav.resourcesDownload',
  'nav.advancedCentre',
] as const;
/** Of those, the ones that only make sense signed in (a visitor is offered "log in / register" instead). */
export const SIGNED_IN_ONLY_LABELS = ['nav.myStore', 'nav.advancedCentre'];

type AccountItem = { label: (typeof ACCOUNT_NAV_LABELS)[number]; href: string };

/**
 * Where the account items lead a signed-in user: their own pages, instead of screens that need an order in
 * the address (the latest completed report's extras and files, the VIP centre in the personal centre).
 */
function useAccountItems(user: TUser): AccountItem[] {
  const href = useAccountHref();
  const orders = useQuery(orderListQuery(user.id));
  const latest = orders.data?.find((o) => o.status === 'completed' && o.orderNumber);
  const forOrder = (key: RouteKey) =>
    latest?.orderNumber ? href(key, { order: latest.orderNumber }) : href('userInfo');
  return [
    { label: 'nav.myStore', href: href('userInfo') },
    { label: 'nav.vipCentre', href: `${href('userInfo')}#vip` },
    { label: 'nav.advancedServices', href: forOrder('payingPackage') },
    { label: 'nav.resourcesDownload', href: forOrder('reportDownload') },
    { label: 'nav.advancedCentre', href: href('userSetting') },
  ];
}

/**
 * One account item. Several may lead to the personal centre (its VIP section, or when there is no report
 * yet): only "My store" and "Advanced centre" mark the page they lead to as the current one.
 */
function AccountItemLink({ item }: { item: AccountItem }) {
  const { t } = useTranslation();
  const to = withKeptQuery(item.href);
  return item.label === 'nav.myStore' || item.label === 'nav.advancedCentre' ? (
    <NavLink to={to}>{t(item.label)}</NavLink>
  ) : (
    <Link to={to}>{t(item.label)}</Link>
  );
}

/** Whether someone is signed in (the header hides the account items from the main list then). */
export function useSignedIn(): boolean {
  return Boolean(useCurrentUser().data);
}

/** The account texts are loaded once someone is signed in (the menu's "log out"). */
function useAccountTexts(): boolean {
  const { i18n } = useTranslation('account');
  const [ready, setReady] = useState(() => i18n.hasResourceBundle(i18n.language, 'account'));
  useEffect(() => {
    if (!ready) void ensureAccountNamespace().then(() => setReady(true));
  }, [ready]);
  return ready;
}

async function logOutAndLeave(loginHref: string) {
  try {
    await logOut();
  } finally {
    leaveSignedOut(withKeptQuery(loginHref));
  }
}

function VisitorLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const href = useAccountHref();
  const location = useLocation();
  const onAccountPage = location.pathname.startsWith('/user/');
  const from = location.pathname + location.search;
  return (
    <NavLink className={className} to={withKeptQuery(href('userLogin', onAccountPage ? {} : { from }))}>
      {t('nav.loginRegister')}
    </NavLink>
  );
}

/** Wide screens: "log in / register", or the account menu (a disclosure button) for a signed-in user. */
export function AccountMenu() {
  const me = useCurrentUser();
  return (
    <div className="account-corner">
      {me.data ? <SignedInMenu user={me.data} /> : <VisitorLink className="account-link" />}
    </div>
  );
}

function SignedInMenu({ user }: { user: TUser }) {
  const { t } = useTranslation(['account', 'common']);
  const href = useAccountHref();
  const location = useLocation();
  const items = useAccountItems(user);
  const ready = useAccountTexts();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [location.pathname, location.hash]);
  useLayoutEffect(() => {
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
        {items.map((i) => (
          <li key={i.label}>
            <AccountItemLink item={i} />
          </li>
        ))}
        <li>
          <button type="button" className="account-menu__logout" onClick={() => void logOutAndLeave(href('userLogin'))}>
            {t('menu.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}

/** Phones: the same, as items of the main menu (the header's corner has no room for them). */
export function AccountNavItems() {
  const me = useCurrentUser();
  return me.data ? (
    <SignedInNavItems user={me.data} />
  ) : (
    <li className="site-nav__account">
      <VisitorLink />
    </li>
  );
}

function SignedInNavItems({ user }: { user: TUser }) {
  const { t } = useTranslation(['account', 'common']);
  const href = useAccountHref();
  const items = useAccountItems(user);
  const ready = useAccountTexts();
  if (!ready) return null;
  return (
    <>
      {items.map((i) => (
        <li key={i.label} className="site-nav__account">
          <AccountItemLink item={i} />
        </li>
      ))}
      <li className="site-nav__account">
        <button type="button" className="site-nav__logout" onClick={() => void logOutAndLeave(href('userLogin'))}>
          {t('menu.logout')}
        </button>
      </li>
    </>
  );
}
