import { useTranslation } from 'react-i18next';
import { NAV_ITEMS } from '../../app/navigation';
import { buildHref, type RouteKey } from '../../app/paths';
import { AppLink } from '../../components/app-link';
import { PageTitle } from '../../components/page-title';
import { readConfig } from '../../lib/persisted-config';
import { HomeButton } from './home-button';

/** Menu screens that belong to a report, and what each one is, for a visitor who has none open. */
const EXPLAINED = ['payinsider', 'payingPackage', 'reportDownload', 'reportFreeTest'] as const;
type Explained = (typeof EXPLAINED)[number];
export const isExplained = (key: RouteKey | undefined): key is Explained =>
  (EXPLAINED as readonly string[]).includes(key ?? '');

/**
 * A report's screen opened without its report (from the site's menu): not a 404, but what the screen is and
 * how to reach it (the report e-mail's link, retrieving reports by e-mail, or taking the test first).
 */
export function NeedsOrderScreen({ routeKey }: { routeKey: Explained }) {
  const { t } = useTranslation();
  const config = readConfig();
  const scope = `${config.appCode}-${config.examId}`;
  const navLabel = NAV_ITEMS.find((i) => i.route === routeKey)?.label;
  const title = navLabel ? t(navLabel as 'nav.vipCentre') : t('needsOrder.title');
  return (
    <section className="status-screen container" aria-labelledby="needs-order-title">
      <PageTitle title={title} />
      <h1 id="needs-order-title">{title}</h1>
      <p>{t(`needsOrder.what.${routeKey}`)}</p>
      <p>{t('needsOrder.how')}</p>
      <div className="button-row">
        <AppLink to={buildHref('reportRetrieve', { scope })} className="button button--primary">
          {t('notFound.retrieve')}
        </AppLink>
        <AppLink to={buildHref('landing', { scope, variant: 'test_center' })} className="button button--secondary">
          {t('needsOrder.takeTest')}
        </AppLink>
        <HomeButton />
      </div>
    </section>
  );
}
