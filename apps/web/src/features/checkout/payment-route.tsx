import { type ErrorCode, formatMoney, type TNextAction, type TPaymentMethod } from '@mindgauge/contract';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useNavigate, useSearchParams } from 'react-router';
import { useAppState } from '../../app/app-state';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref, type RouteKey } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { withKeptQuery } from '../../components/app-link';
import { EmailField, emailErrorKey } from '../../components/email-field';
import { PageTitle } from '../../components/page-title';
import { localeFromRequest } from '../../i18n/use-locale';
import { useErrorMessage } from '../../lib/use-error-message';
import { privacyAndAgreementQuery } from '../legal/api/get-protocols';
import { createPayment } from './api/create-payment';
import { fetchOrderCheckout, orderCheckoutQuery } from './api/get-order-checkout';
import { paymentMethodsQuery } from './api/get-payment-methods';
import { skuInfoQuery } from './api/get-sku-info';
import { checkoutKeyFor, rememberAttempt } from './checkout-key';
import {
  methodFromSearch,
  type PricingPageData,
  pricingCountry,
  promoFromSearch,
  skuFromSearch,
} from './checkout-search';
import { OfferBanner } from './components/offer-banner';
import { OrderSummary } from './components/order-summary';
import { PaymentMethods } from './components/payment-methods';
import { SandboxFrame } from './components/sandbox-frame';
import { StripePayment } from './components/stripe-payment';
import { TermsConsent } from './components/terms-consent';
import { guarded, guardLoad } from './load-guard';
import { serverOffsetMs } from './offer';
import { priceLines } from './price-lines';
import { errorCode, promoErrorCode } from './promo-error';
import { safeUrl } from './sandbox-message';
import { hasAcceptedTerms, rememberTermsAccepted } from './terms-acceptance';

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  const scope = scopeFromParams(params);
  const url = new URL(request.url);
  const order = orderFromSearch(url.searchParams);
  const skuId = skuFromSearch(url.searchParams);
  const hl = localeFromRequest(request);
  const country = pricingCountry(hl);
  const wanted = promoFromSearch(url.searchParams);
  return guardLoad<PricingPageData>(async () => {
    const [checkout] = await Promise.all([
      fetchOrderCheckout(queryClient, order),
      queryClient.ensureQueryData(paymentMethodsQuery(scope.examId, country)),
      queryClient.ensureQueryData(privacyAndAgreementQuery(scope.examId, hl)),
    ]);
    if (checkout.status === 'paid') {
      throw redirect(withKeptQuery(buildHref('payingSuccess', { scope: params.scope }, { order }), url.search));
    }
    let promo = wanted;
    let promoError: ErrorCode | null = null;
    try {
      await queryClient.fetchQuery(skuInfoQuery(scope.examId, skuId, country, hl, order, promo));
    } catch (err) {
      promoError = promo ? promoErrorCode(err) : null;
      if (!promoError) throw err;
      promo = null;
      await queryClient.fetchQuery(skuInfoQuery(scope.examId, skuId, country, hl, order, null));
    }
    // The same tier without the code gives the exact offer and promo lines (optional).
    if (promo) await queryClient.prefetchQuery(skuInfoQuery(scope.examId, skuId, country, hl, order, null));
    return { country, hl, promo, promoError };
  });
}

type Step =
  | { type: 'form' }
  | { type: 'frame'; url: string; paymentId: string }
  | { type: 'stripe'; clientSecret: string; publishableKey: string; paymentId: string }
  | { type: 'redirecting' };

interface FormErrors {
  email?: string;
  method?: string;
  terms?: string;
  form?: string;
}

function PaymentScreen({ data }: { data: PricingPageData }) {
  const { t } = useTranslation(['checkout', 'common', 'errors']);
  const scope = useScope();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const setAppState = useAppState((s) => s.set);
  const [search] = useSearchParams();
  const orderNumber = orderFromSearch(search);
  const skuId = skuFromSearch(search);
  const { examId } = scope;

  const { data: checkout } = useSuspenseQuery(orderCheckoutQuery(orderNumber));
  const infoQuery = useSuspenseQuery(skuInfoQuery(examId, skuId, data.country, data.hl, orderNumber, data.promo));
  const base = useQuery({
    ...skuInfoQuery(examId, skuId, data.country, data.hl, orderNumber, null),
    enabled: data.promo !== null,
  }).data;
  const { data: methodList } = useSuspenseQuery(paymentMethodsQuery(examId, data.country));
  const { data: docs } = useSuspenseQuery(privacyAndAgreementQuery(examId, data.hl));

  const info = infoQuery.data;
  const price = info.sku.price;
  const basePrice =
    base && base.sku.price.currency === price.currency && base.sku.price.offer === price.offer
      ? base.sku.price.amount
      : undefined;
  const lines = priceLines(price, data.promo ? basePrice : undefined);
  const total = formatMoney(lines.total, lines.currency);
  const offsetMs = useMemo(
    () => serverOffsetMs(info.offer.serverNow, infoQuery.dataUpdatedAt),
    [info.offer.serverNow, infoQuery.dataUpdatedAt],
  );
  const offered = methodList.methods.map((m) => m.method);

  const [method, setMethod] = useState<TPaymentMethod | null>(() => {
    const m = methodFromSearch(search);
    return m && offered.includes(m) ? m : null;
  });
  const [email, setEmail] = useState(() => checkout.email ?? useAppState.getState().email);
  const [needTerms] = useState(() => !hasAcceptedTerms(examId, docs.terms.version));
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(() =>
    data.promoError ? { form: t(`errors:${data.promoError}`) } : {},
  );
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const [step, setStep] = useState<Step>({ type: 'form' });
  const formRef = useRef<HTMLFormElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const methodId = useId();
  const termsId = useId();

  const go = useCallback(
    (key: RouteKey, query: Record<string, string>, replace = false) =>
      navigate(withKeptQuery(buildHref(key, { scope: scope.value }, query), location.search), { replace }),
    [navigate, scope.value],
  );

  useEffect(() => {
    if (step.type === 'frame' || step.type === 'stripe') stepHeading.current?.focus();
  }, [step.type]);

  // Back from PayPal through the back/forward cache: the page must be usable again, not stuck on "redirecting".
  useEffect(() => {
    function onPageShow(e: PageTransitionEvent) {
      if (!e.persisted) return;
      inFlight.current = false;
      setBusy(false);
      setStep({ type: 'form' });
    }
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const refetchPrices = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['checkout', 'skuInfo'] });
  }, [queryClient]);

  function follow(next: TNextAction, paymentId: string) {
    switch (next.type) {
      case 'none':
        go('payingSuccess', { order: orderNumber }, true);
        return;
      case 'frame': {
        const url = safeUrl(next.url);
        if (!url) throw new Error('unsafe frame url');
        setStep({ type: 'frame', url, paymentId });
        return;
      }
      case 'redirect': {
        const url = safeUrl(next.url);
        if (!url) throw new Error('unsafe redirect url');
        setStep({ type: 'redirecting' });
        window.location.assign(url);
        return;
      }
      case 'stripe':
        setStep({ type: 'stripe', clientSecret: next.clientSecret, publishableKey: next.publishableKey, paymentId });
    }
  }

  async function pay(e: FormEvent) {
    e.preventDefault();
    if (inFlight.current) return;
    const value = email.trim();
    const found: FormErrors = {};
    const emailKey = emailErrorKey(value);
    if (emailKey) found.email = t(`common:${emailKey}`);
    if (!method) found.method = t('common:validation.paymentMethodRequired');
    if (needTerms && !agreed) found.terms = t('common:validation.termsRequired');
    setErrors(found);
    if (found.email || found.method || found.terms || !method) {
      const target = found.email
        ? formRef.current?.querySelector<HTMLElement>('input[name="email"]')
        : found.method
          ? document.getElementById(methodId)
          : document.getElementById(termsId);
      target?.focus();
      return;
    }
    if (needTerms) rememberTermsAccepted(examId, data.hl, docs.terms);
    inFlight.current = true;
    setBusy(true);
    const attempt = { orderNumber, skuId, method, promo: data.promo };
    rememberAttempt(attempt);
    try {
      const res = await createPayment({
        orderNumber,
        skuId,
        country: data.country,
        method,
        email: value,
        promoCode: data.promo,
        checkoutKey: checkoutKeyFor(attempt),
        shownAmount: lines.total,
        shownCurrency: lines.currency,
        consent: { terms: true, termsVersion: docs.terms.version },
        hl: data.hl,
      });
      setAppState({ email: value, payMethod: method });
      follow(res.next, res.payment.paymentId);
      if (res.next.type !== 'redirect') {
        inFlight.current = false;
        setBusy(false);
      }
    } catch (err) {
      inFlight.current = false;
      setBusy(false);
      const code = errorCode(err);
      if (code === 'ORDER_ALREADY_PAID') {
        go('payingSuccess', { order: orderNumber }, true);
        return;
      }
      if (code === 'PRICE_CHANGED') {
        // The total on screen was not the price any more: show the new one and let the visitor pay it.
        setErrors({ form: errorMessage(err) });
        refetchPrices();
        return;
      }
      if (code === 'PAYMENT_METHOD_UNAVAILABLE') {
        setErrors({ form: errorMessage(err) });
        void queryClient.invalidateQueries({ queryKey: ['checkout', 'paymentMethods'] });
        return;
      }
      setErrors({ form: t('errors:orderFailed') });
    }
  }

  function onFrameResult(paymentId: string, r: { status: string; failureCode: string | null }) {
    if (r.status === 'succeeded' || r.status === 'processing') {
      go('payingCheck', { order: orderNumber, payment: paymentId }, true);
    } else {
      go('payingFailed', {
        order: orderNumber,
        payment: paymentId,
        method: 'card',
        reason: r.failureCode ?? r.status,
      });
    }
  }

  const checkUrl = (paymentId: string) =>
    new URL(
      withKeptQuery(
        buildHref('payingCheck', { scope: scope.value }, { order: orderNumber, payment: paymentId }),
        location.search,
      ),
      location.origin,
    ).href;

  return (
    <div className="container page checkout checkout--payment">
      <PageTitle title={t('payment.title')} />
      <h1>{t('payment.title')}</h1>
      <p className="lead">{t('payment.lead')}</p>
      <OfferBanner offer={info.offer} offsetMs={offsetMs} onExpire={refetchPrices} />
      <div className="checkout-layout">
        <OrderSummary
          orderNumber={orderNumber}
          title={info.sku.title}
          featureCount={info.sku.features.length}
          lines={lines}
          promoCode={data.promo}
        />
        {step.type === 'form' || step.type === 'redirecting' ? (
          <form ref={formRef} className="card form checkout-form payment-form" noValidate onSubmit={pay}>
            <EmailField
              label={t('payment.email')}
              hint={t('payment.emailHint')}
              value={email}
              onChange={setEmail}
              error={errors.email}
            />
            <PaymentMethods
              methods={offered}
              value={method}
              onChange={(m) => {
                setMethod(m);
                setErrors((prev) => ({ ...prev, method: undefined }));
              }}
              error={errors.method}
              firstInputId={methodId}
            />
            {needTerms ? (
              <TermsConsent
                id={termsId}
                checked={agreed}
                onChange={(v) => {
                  setAgreed(v);
                  if (v) setErrors((prev) => ({ ...prev, terms: undefined }));
                }}
                error={errors.terms}
                termsHref={buildHref('protocol', { scope: scope.value, kind: 'terms' })}
              />
            ) : null}
            <p className="form__error" role="alert" hidden={!errors.form}>
              {errors.form ?? ''}
            </p>
            <div className="pay-row">
              <p className="pay-row__note">{t('payment.oneTime')}</p>
              <button
                type="submit"
                className="button button--primary button--large button--block pay-button"
                disabled={busy || step.type === 'redirecting'}
                aria-busy={busy || step.type === 'redirecting'}
              >
                {t('payment.pay', { total })}
              </button>
              <p className="meta pay-row__status" role="status">
                {step.type === 'redirecting' ? t('payment.redirecting') : busy ? t('payment.processing') : ''}
              </p>
            </div>
          </form>
        ) : (
          <section className="card card-entry" aria-labelledby="card-entry-title">
            <h2 id="card-entry-title" ref={stepHeading} tabIndex={-1}>
              {t('payment.cardTitle')}
            </h2>
            <p className="pay-row__note">
              {t('payment.oneTime')} {t('payment.total')}: <strong>{total}</strong>
            </p>
            {step.type === 'frame' ? (
              <SandboxFrame
                url={step.url}
                title={t('payment.frameTitle')}
                onResult={(r) => onFrameResult(step.paymentId, r)}
              />
            ) : (
              <StripePayment
                publishableKey={step.publishableKey}
                clientSecret={step.clientSecret}
                returnUrl={checkUrl(step.paymentId)}
                locale={data.hl}
                payLabel={t('payment.pay', { total })}
              />
            )}
            <button type="button" className="button button--ghost" onClick={() => setStep({ type: 'form' })}>
              {t('payment.changeMethod')}
            </button>
          </section>
        )}
      </div>
    </div>
  );
}

/** Payment: contact e-mail, the order and its total, the method, and the processor's step. */
export const Component = guarded(PaymentScreen);
