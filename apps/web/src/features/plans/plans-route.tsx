import type { Locale } from '@mindgauge/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { planListQuery } from '../../api/get-plan-list';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { guarded, guardLoad } from '../../components/load-guard';
import { PageTitle } from '../../components/page-title';
import { localeFromRequest } from '../../i18n/use-locale';
import { pricingCountry } from '../../lib/checkout-search';
import { PlanCards } from './components/plan-card';

interface PlansData {
  hl: Locale;
  country: string;
}

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  const scope = scopeFromParams(params);
  const hl = localeFromRequest(request);
  const country = pricingCountry(hl);
  return guardLoad<PlansData>(async () => {
    await queryClient.fetchQuery(planListQuery(scope.examId, country, hl));
    return { hl, country };
  });
}

/**
 * The plans page: every plan with its full terms. A plan starts with a test's report, so the way in is the
 * test; the plan is then chosen on the report choice.
 */
function PlansScreen({ data }: { data: PlansData }) {
  const { t } = useTranslation(['checkout']);
  const scope = useScope();
  const { data: plans, dataUpdatedAt } = useSuspenseQuery(planListQuery(scope.examId, data.country, data.hl));
  const start = buildHref('landing', { variant: 'test_center', scope: scope.value });
  return (
    <div className="container page checkout">
      <PageTitle title={t('plans.pageTitle')} />
      <h1>{t('plans.pageTitle')}</h1>
      <p className="lead">{t('plans.pageLead')}</p>
      <PlanCards
        plans={plans.plans}
        locale={data.hl}
        now={dataUpdatedAt}
        hrefFor={() => start}
        cta={t('plans.startWithTest')}
      />
      <p className="meta">
        <AppLink to={buildHref('cancelSubscription', { scope: scope.value })}>{t('plans.manage')}</AppLink>
      </p>
    </div>
  );
}

export const Component = guarded(PlansScreen);
