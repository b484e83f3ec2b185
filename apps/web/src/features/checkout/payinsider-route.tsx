import type { Locale } from '@mindgauge/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref } from '../../app/paths';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { PageTitle } from '../../components/page-title';
import { secondPhaseQuery } from './api/extras';
import { ExtraOffer } from './components/extra-offer';
import { guarded } from './load-guard';

export { loader } from './package-route';

/** The in-report purchase screen: every extra for this report, what it has, and one-click adding. */
function InsiderScreen({ data }: { data: { hl: Locale } }) {
  const { t } = useTranslation(['checkout']);
  const scope = useScope();
  const [search] = useSearchParams();
  const orderNumber = orderFromSearch(search);
  const token = search.get('token');
  const { data: order } = useSuspenseQuery(secondPhaseQuery(orderNumber, token, data.hl));
  const reportHref = buildHref(
    'reportResult',
    { scope: scope.value },
    { order: orderNumber, ...(token ? { token } : {}) },
  );
  const packages = order.steps.flatMap((s) => (s.package ? [s.package] : []));
  return (
    <div className="container page extras">
      <PageTitle title={t('extras.insiderTitle')} />
      <h1>{t('extras.insiderTitle')}</h1>
      <p className="lead">{t('extras.insiderLead')}</p>
      <div className="extras__list">
        {packages.map((pkg) => (
          <ExtraOffer key={pkg.packageId} pkg={pkg} order={order} token={token} hl={data.hl} headingLevel={2} />
        ))}
      </div>
      <p className="extras__report">
        <AppLink to={reportHref}>{t('extras.toReport')}</AppLink>
      </p>
    </div>
  );
}

export const Component = guarded(InsiderScreen);
