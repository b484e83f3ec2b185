import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useSearchParams } from 'react-router';
import { fetchOrderCheckout } from '../../api/get-order-checkout';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink, withKeptQuery } from '../../components/app-link';
import { guarded, guardLoad } from '../../components/load-guard';
import { PageTitle } from '../../components/page-title';
import { StatusIcon } from '../../components/status-icon';
import { methodFromSearch } from '../../lib/checkout-search';
import { clearCheckoutKeys, lastAttempt } from './checkout-key';
import { failureReason, otherMethod } from './failure-reason';

interface FailedData {
  /** The method of the order's latest payment, when the server could be asked. */
  latestMethod: 'card' | 'paypal' | null;
}

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  scopeFromParams(params);
  const url = new URL(request.url);
  const order = orderFromSearch(url.searchParams);
  // The attempt failed: the next one must be a new payment, with a new key.
  clearCheckoutKeys(order);
  return guardLoad<FailedData>(async () => {
    const checkout = await fetchOrderCheckout(queryClient, order).catch(() => null);
    if (checkout?.status === 'paid') {
      throw redirect(withKeptQuery(buildHref('payingSuccess', { scope: params.scope }, { order }), url.search));
    }
    return { latestMethod: checkout?.latestPayment?.method ?? null };
  });
}

/** "Payment failed": why, that nothing was charged, and the ways to try again. */
function FailedScreen({ data }: { data: FailedData }) {
  const { t } = useTranslation(['checkout', 'errors']);
  const scope = useScope();
  const [search] = useSearchParams();
  const orderNumber = orderFromSearch(search);
  const last = lastAttempt(orderNumber);
  const method = methodFromSearch(search) ?? last?.method ?? data.latestMethod ?? 'card';
  const reason = failureReason(search.get('reason'));

  // Back to payment with the same tier and code; without them (another tab), back to the report choice.
  const retryHref = (m: 'card' | 'paypal') =>
    last
      ? buildHref(
          'payingPayment',
          { scope: scope.value },
          {
            order: orderNumber,
            ...(last.planId ? { plan: last.planId } : { sku: last.skuId }),
            ...(last.promo ? { promo: last.promo } : {}),
            method: m,
          },
        )
      : buildHref('payingScheme', { scope: scope.value }, { order: orderNumber });

  return (
    <section className="status-screen container payment-failed" aria-labelledby="failed-title">
      <PageTitle title={t('errors:paymentFailed')} />
      <StatusIcon kind="failure" />
      <h1 id="failed-title">{t('errors:paymentFailed')}</h1>
      <p className="payment-failed__reason">{t(`failed.reasons.${reason}`)}</p>
      <p className="payment-failed__charged">{t('failed.nothingCharged')}</p>
      <div className="button-row">
        <AppLink to={retryHref(method)} className="button button--primary">
          {t('failed.tryAgain')}
        </AppLink>
        <AppLink to={retryHref(otherMethod(method))} className="button button--secondary">
          {t('failed.otherMethod')}
        </AppLink>
      </div>
      <p className="meta payment-failed__help">
        {t('failed.needHelp')}{' '}
        <AppLink to={buildHref('support', { scope: scope.value })}>{t('failed.support')}</AppLink>
      </p>
    </section>
  );
}

export const Component = guarded(FailedScreen);
