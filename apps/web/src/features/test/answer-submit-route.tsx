import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { orderCheckoutQuery } from '../../api/get-order-checkout';
import { useAppState } from '../../app/app-state';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { isRegistered } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { PageTitle } from '../../components/page-title';
import { StatusIcon } from '../../components/status-icon';

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  scopeFromParams(params);
  await queryClient.ensureQueryData(orderCheckoutQuery(orderFromSearch(new URL(request.url).searchParams)));
  return null;
}

/** The order exists and the result is saved; from here the visitor chooses a report (checkout). */
export function Component() {
  const { t } = useTranslation('test');
  const scope = useScope();
  const [search] = useSearchParams();
  const { data: order } = useSuspenseQuery(orderCheckoutQuery(orderFromSearch(search)));
  const email = useAppState((s) => s.email);
  return (
    <section className="status-screen container" aria-labelledby="submit-title">
      <PageTitle title={t('submit.title')} />
      <StatusIcon kind="success" />
      <h1 id="submit-title">{t('submit.title')}</h1>
      <p>{t('submit.lead', { orderNumber: order.orderNumber })}</p>
      {email ? <p className="meta">{t('submit.email', { email })}</p> : null}
      {isRegistered('payingScheme') ? (
        <AppLink
          to={buildHref('payingScheme', { scope: scope.value }, { order: order.orderNumber })}
          className="button button--primary button--large"
        >
          {t('submit.next')}
        </AppLink>
      ) : null}
    </section>
  );
}
