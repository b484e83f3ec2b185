import type { Locale } from '@mindgauge/contract';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link';
import { guarded } from '../../components/load-guard';
import { PageTitle } from '../../components/page-title';
import { ExtraOffer } from './components/extra-offer';
import { useExtrasOrder } from './use-extras-order';

export { loader } from './package-route';

/** The in-report purchase screen: every extra for this report, what it has, and one-click adding. */
function InsiderScreen({ data }: { data: { hl: Locale } }) {
  const { t } = useTranslation(['checkout']);
  const { order, token, reportHref } = useExtrasOrder(data.hl);
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
