import { type Locale, PERSONALITY_EXAM_ID, type TSubscriptionSummary } from '@mindgauge/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type ComponentType, type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useNavigate, useSearchParams } from 'react-router';
import { fetchOrderCheckout, orderCheckoutQuery } from '../../api/get-order-checkout';
import { useAppState } from '../../app/app-state';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink, withKeptQuery } from '../../components/app-link';
import { EmailField, emailErrorKey } from '../../components/email-field';
import { guardLoad } from '../../components/load-guard';
import { PageTitle } from '../../components/page-title';
import { StatusIcon } from '../../components/status-icon';
import { localeFromRequest } from '../../i18n/use-locale';
import { adDataOf } from '../../lib/ad-pixels/ad-data';
import { trackPurchaseOnce } from '../../lib/ad-pixels/ad-pixels';
import { sendReportCopy } from './api/send-report-copy';
import { clearCheckoutKeys } from './checkout-key';
import { REPORT_COUNTDOWN_S, secondsLeft } from './success-countdown';

export interface SuccessData {
  hl: Locale;
}

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  scopeFromParams(params);
  const url = new URL(request.url);
  const order = orderFromSearch(url.searchParams);
  const hl = localeFromRequest(request);
  return guardLoad<SuccessData>(async () => {
    const checkout = await fetchOrderCheckout(queryClient, order);
    if (checkout.status !== 'paid') {
      const payment = checkout.latestPayment?.paymentId;
      throw redirect(
        withKeptQuery(
          buildHref('payingCheck', { scope: params.scope }, { order, ...(payment ? { payment } : {}) }),
          url.search,
        ),
      );
    }
    clearCheckoutKeys(order);
    return { hl };
  });
}

/** "Send the report to another address too". */
function SendCopyForm({ orderNumber, hl, onFocus }: { orderNumber: string; hl: Locale; onFocus: () => void }) {
  const { t } = useTranslation(['checkout', 'common']);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const formRef = useRef<HTMLFormElement>(null);

  async function send(e: FormEvent) {
    e.preventDefault();
    if (state === 'sending') return;
    const email = value.trim();
    const key = emailErrorKey(email);
    const problem = key ? t(`common:${key}`) : undefined;
    setError(problem);
    if (problem) {
      formRef.current?.querySelector<HTMLElement>('input[name="copyEmail"]')?.focus();
      return;
    }
    setState('sending');
    try {
      await sendReportCopy(orderNumber, email, hl);
      setState('sent');
    } catch {
      setState('failed');
    }
  }

  return (
    <form ref={formRef} className="card form send-copy" noValidate onSubmit={send} onFocus={onFocus}>
      <h2 className="send-copy__title">{t('success.copyTitle')}</h2>
      <div className="send-copy__row">
        <EmailField
          label={t('success.copyEmail')}
          name="copyEmail"
          value={value}
          onChange={(v) => {
            setValue(v);
            if (state !== 'sending') setState('idle');
          }}
          error={error}
        />
        <button
          type="submit"
          className="button button--secondary send-copy__button"
          disabled={state === 'sending'}
          aria-busy={state === 'sending'}
        >
          {t('success.send')}
        </button>
      </div>
      <p className="send-copy__sent" role="status">
        {state === 'sent' ? t('success.sentOk') : ''}
      </p>
      <p className="form__error send-copy__failed" role="alert" hidden={state !== 'failed'}>
        {state === 'failed' ? t('success.sentFailed') : ''}
      </p>
    </form>
  );
}

/**
 * "Payment successful": where the report was sent, a copy to another address, and the report opening by
 * itself after 10 s unless the visitor stays (WCAG 2.2.1). The countdown is announced when it starts and
 * when it stops, never every second.
 */
/** What the success page shows from other features, given by the route that composes it (app/routes). */
export interface SuccessSlots {
  /** The plans feature's note on the subscription just started. */
  SubscriptionStarted: ComponentType<{ sub: TSubscriptionSummary; hl: Locale }>;
}

export function SuccessScreen({ data, slots: { SubscriptionStarted } }: { data: SuccessData; slots: SuccessSlots }) {
  const { t } = useTranslation('checkout');
  const scope = useScope();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const orderNumber = orderFromSearch(search);
  const { data: checkout } = useSuspenseQuery(orderCheckoutQuery(orderNumber));
  const email = checkout.email ?? useAppState.getState().email;
  const purchase = checkout.purchase;
  useEffect(() => {
    if (!purchase) return;
    trackPurchaseOnce(orderNumber, {
      ...adDataOf(purchase.skuId, purchase.amount, purchase.currency),
      ...(email ? { email } : {}),
    });
  }, [purchase, orderNumber, email]);
  // Each exam's report has its own page: a personality order opens its profile, not the IQ report.
  const reportRoute = scope.examId === PERSONALITY_EXAM_ID ? 'personalityReport' : 'reportResult';
  const reportHref = buildHref(reportRoute, { scope: scope.value }, { order: orderNumber });
  const [deadline] = useState(() => Date.now() + REPORT_COUNTDOWN_S * 1000);
  const [seconds, setSeconds] = useState(REPORT_COUNTDOWN_S);
  const [stopped, setStopped] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const countdownText = useRef<HTMLParagraphElement>(null);

  // Announced once the live region exists (a region that appears with its text is often not read).
  useEffect(() => {
    const id = setTimeout(() => setAnnouncement(t('success.countdownStart', { seconds: REPORT_COUNTDOWN_S })), 500);
    return () => clearTimeout(id);
  }, [t]);

  useEffect(() => {
    if (stopped) return;
    const id = setInterval(() => {
      const left = secondsLeft(deadline);
      setSeconds(left);
      if (left <= 0) {
        clearInterval(id);
        navigate(withKeptQuery(reportHref, location.search));
      }
    }, 250);
    return () => clearInterval(id);
  }, [stopped, deadline, navigate, reportHref]);

  function stop(moveFocus: boolean) {
    if (stopped) return;
    setStopped(true);
    setAnnouncement(t('success.countdownStopped'));
    if (moveFocus) requestAnimationFrame(() => countdownText.current?.focus());
  }

  return (
    <section className="status-screen container payment-success" aria-labelledby="success-title">
      <PageTitle title={t('success.title')} />
      <StatusIcon kind="success" />
      <h1 id="success-title">{t('success.title')}</h1>
      <p className="payment-success__sent">{email ? t('success.sent', { email }) : t('success.generated')}</p>
      <p className="meta">{t('success.orderNumber', { orderNumber })}</p>
      {checkout.subscription ? <SubscriptionStarted sub={checkout.subscription} hl={data.hl} /> : null}
      <div className="success-countdown" data-stopped={stopped || undefined}>
        <p ref={countdownText} tabIndex={-1} className="success-countdown__text">
          {stopped ? t('success.countdownStopped') : t('success.countdown', { seconds })}
        </p>
        <div className="button-row">
          <AppLink to={reportHref} className="button button--primary button--large">
            {t('success.view')}
          </AppLink>
          {stopped ? null : (
            <button
              type="button"
              className="button button--secondary success-countdown__stay"
              onClick={() => stop(true)}
            >
              {t('success.stay')}
            </button>
          )}
        </div>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </div>
      <p className="success-extras">
        <AppLink
          to={buildHref('payingPackage', { scope: scope.value }, { order: orderNumber })}
          onClick={() => stop(false)}
        >
          {t('extras.extrasLink')}
        </AppLink>
      </p>
      <SendCopyForm orderNumber={orderNumber} hl={data.hl} onFocus={() => stop(false)} />
    </section>
  );
}
