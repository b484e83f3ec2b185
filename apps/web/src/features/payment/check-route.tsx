import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { checkPaymentStatus } from '../../api/check-payment-status';
import { orderCheckoutQuery } from '../../api/get-order-checkout';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import { useScope } from '../../app/use-scope';
import { AppLink, withKeptQuery } from '../../components/app-link';
import { guarded, guardLoad } from '../../components/load-guard';
import { PageTitle } from '../../components/page-title';
import { ApiResponseError, NetworkError } from '../../lib/api-client';
import { paymentFromSearch } from '../../lib/checkout-search';
import { useErrorMessage } from '../../lib/use-error-message';

export const POLL_INTERVAL_MS = 1500;
export const POLL_LIMIT_MS = 60_000;

export async function loader({ params, request }: LoaderFunctionArgs) {
  scopeFromParams(params);
  orderFromSearch(new URL(request.url).searchParams);
  return guardLoad(async () => ({}));
}

/**
 * After the processor (the card frame, PayPal's return, Stripe's redirect): asks the server every 1.5 s for
 * up to a minute how the payment stands, then goes to the success or the failed screen. Network errors do
 * not stop it; after a minute the visitor can check again.
 */
function CheckScreen() {
  const { t } = useTranslation(['checkout', 'errors', 'common']);
  const scope = useScope();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [search] = useSearchParams();
  const orderNumber = orderFromSearch(search);
  const paymentId = paymentFromSearch(search);
  const [phase, setPhase] = useState<'polling' | 'slow' | 'error'>('polling');
  const [trouble, setTrouble] = useState(false);
  const [errorText, setErrorText] = useState('');
  const [round, setRound] = useState(0);

  // `round` restarts the polling ("Check again").
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const started = Date.now();
    const go = (key: 'payingSuccess' | 'payingFailed', query: Record<string, string>) =>
      navigate(withKeptQuery(buildHref(key, { scope: scope.value }, query), location.search), { replace: true });
    setPhase('polling');

    async function tick() {
      try {
        const res = await checkPaymentStatus(orderNumber, paymentId, controller.signal);
        if (stopped) return;
        setTrouble(false);
        if (res.orderStatus === 'paid') {
          void queryClient.invalidateQueries({ queryKey: orderCheckoutQuery(orderNumber).queryKey });
          go('payingSuccess', { order: orderNumber });
          return;
        }
        const p = res.payment;
        if (p && (p.status === 'failed' || p.status === 'canceled') && (!paymentId || p.paymentId === paymentId)) {
          go('payingFailed', {
            order: orderNumber,
            payment: p.paymentId,
            method: p.method,
            reason: p.failureCode ?? p.status,
          });
          return;
        }
      } catch (err) {
        if (stopped) return;
        const fatal = err instanceof ApiResponseError && err.status >= 400 && err.status < 500 && err.status !== 429;
        if (fatal) {
          setErrorText(errorMessage(err));
          setPhase('error');
          return;
        }
        if (err instanceof NetworkError) setTrouble(true);
      }
      if (Date.now() - started >= POLL_LIMIT_MS) {
        setPhase('slow');
        return;
      }
      timer = setTimeout(tick, POLL_INTERVAL_MS);
    }

    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [orderNumber, paymentId, round]);

  const message = phase === 'slow' ? t('check.slow') : phase === 'error' ? errorText : t('check.patient');
  return (
    <section
      className="status-screen container status-check"
      aria-labelledby="check-title"
      aria-busy={phase === 'polling'}
    >
      <PageTitle title={t('check.title')} />
      <h1 id="check-title">{t('check.title')}</h1>
      <div className="status-check__status" role="status">
        {phase === 'polling' ? <span className="checkout-spinner" aria-hidden="true" /> : null}
        <p className="status-check__message">{message}</p>
        <p className="meta status-check__trouble">{trouble && phase === 'polling' ? t('check.reconnecting') : ''}</p>
      </div>
      {trouble && phase === 'polling' ? (
        <button type="button" className="button button--secondary" onClick={() => location.reload()}>
          {t('common:network.reload')}
        </button>
      ) : null}
      {phase === 'polling' ? null : (
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => setRound((r) => r + 1)}>
            {t('check.checkAgain')}
          </button>
          <AppLink to={buildHref('support', { scope: scope.value })} className="button button--secondary">
            {t('check.support')}
          </AppLink>
        </div>
      )}
    </section>
  );
}

export const Component = guarded(CheckScreen);
