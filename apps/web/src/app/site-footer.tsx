import { useTranslation } from 'react-i18next';
import { AppLink } from '../components/app-link';
import { Logo } from '../components/logo';
import { VisitLogo } from '../features/landing-identities/identity-logo';
import { ConsentChoicesSlot } from '../features/tracking/consent-slot';
import { useHydrated } from '../lib/use-hydrated';
import { buildHref, type RouteKey, type RouteParams } from './paths';
import { isRegistered } from './screens';
import { useScope } from './use-scope';

const LINKS: { label: string; route: RouteKey; params?: RouteParams }[] = [
  { label: 'footer.help', route: 'help' },
  { label: 'footer.support', route: 'support' },
  { label: 'footer.terms', route: 'protocol', params: { kind: 'terms' } },
  { label: 'footer.privacy', route: 'protocol', params: { kind: 'privacy' } },
];

export function SiteFooter() {
  const { t } = useTranslation();
  const scope = useScope();
  const hydrated = useHydrated();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <VisitLogo tone="footer" brandName={t('brand.name')} fallback={<Logo size={28} />} />
          <p>{t('footer.about')}</p>
        </div>
        <nav aria-label={t('a11y.footerNavigation')}>
          <ul className="site-footer__links">
            {LINKS.filter((l) => isRegistered(l.route)).map((l) => (
              <li key={l.label}>
                <AppLink to={buildHref(l.route, { scope: scope.value, ...l.params })}>
                  {t(l.label as 'footer.help')}
                </AppLink>
              </li>
            ))}
            {hydrated ? <ConsentChoicesSlot /> : null}
          </ul>
        </nav>
        <p className="site-footer__fine">
          {t('footer.rights', { year: new Date().getFullYear() })} {t('footer.selfHosted')}
        </p>
      </div>
    </footer>
  );
}
