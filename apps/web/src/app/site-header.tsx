import { useEffect, useId, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { withKeptQuery } from '../components/app-link';
import { LanguageSwitcher } from '../components/language-switcher';
import { Logo } from '../components/logo';
import {
  ACCOUNT_NAV_LABELS,
  AccountMenu,
  AccountNavItems,
  SIGNED_IN_ONLY_LABELS,
  useSignedIn,
} from '../features/account/account-menu';
import { VisitLogo } from '../features/landing-identities/identity-logo';
import { useHydrated } from '../lib/use-hydrated';
import { NAV_ITEMS } from './navigation';
import { buildHref } from './paths';
import { isRegistered } from './screens';
import { useScope } from './use-scope';

export function SiteHeader() {
  const { t } = useTranslation();
  const scope = useScope();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // The visitor's kept parameters join the links once a prerendered page has hydrated (lib/use-hydrated).
  const hydrated = useHydrated();
  const keep = (to: string) => (hydrated ? withKeptQuery(to, location.search) : to);
  const menuId = useId();
  // "Log in / register" or the account menu stand apart (account-menu.tsx); signed in, the items about
  // one's own orders move into that menu, where they lead to the user's own pages.
  const signedIn = useSignedIn();
  const hidden: readonly string[] = signedIn ? ACCOUNT_NAV_LABELS : SIGNED_IN_ONLY_LABELS;
  const items = NAV_ITEMS.filter(
    (i) => isRegistered(i.route) && i.label !== 'nav.loginRegister' && !hidden.includes(i.label),
  );

  // A navigation closes the menu on phones.
  useEffect(() => setOpen(false), [location.pathname]);
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <NavLink to={keep('/')} className="site-header__brand" aria-label={t('brand.name')}>
          <VisitLogo
            tone="header"
            brandName={t('brand.name')}
            fallback={
              <>
                <Logo />
                <span className="site-header__wordmark" aria-hidden="true">
                  {t('brand.name')}
                </span>
              </>
            }
          />
        </NavLink>
        <nav id={menuId} className="site-nav" data-open={open} aria-label={t('a11y.mainNavigation')}>
          <ul>
            {items.map((item) => (
              <li key={item.label}>
                <NavLink
                  to={keep(buildHref(item.route, { scope: scope.value, ...item.params }))}
                  end={item.route === 'home'}
                >
                  {t(item.label as 'nav.home')}
                </NavLink>
              </li>
            ))}
            <AccountNavItems />
          </ul>
        </nav>
        <div className="site-header__tools">
          <AccountMenu />
          <LanguageSwitcher />
          <button
            type="button"
            className="menu-button"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((v) => !v)}
          >
            <span className="visually-hidden">{open ? t('a11y.closeMenu') : t('a11y.openMenu')}</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="icon">
              {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </div>
    </header>
  );
}
