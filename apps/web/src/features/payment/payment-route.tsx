import {
  type ErrorCode,
  formatMoney,
  PLAN_DISCLOSURE_VERSION,
  type TNextAction,
  type TPaymentMethod,
  type TPlanId,
  type TSkuId,
} from '@mindgauge/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import {
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs, redirect, useNavigate, useSearchParams } from 'react-router';
import { fetchOrderCheckout, orderCheckoutQuery } from '../../api/get-order-checkout';
import { planListQuery } from '../../api/get-plan-list';
import { privacyAndAgreementQuery } from '../../api/get-protocols';
import { useAppState } from '../../app/app-state';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref, type RouteKey } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink, withKeptQuery } from '../../components/app-link';
import { EmailField, emailErrorKey } from '../../components/email-field';
import { guarded, guardLoad } from '../../components/load-guard';
import { PageTitle } from '../../components/page-title';
import { SandboxFrame } from '../../components/sandbox-frame';
import { StripePayment } from '../../components/stripe-payment';
import { localeFromRequest } from '../../i18n/use-locale';
import { adDataOf } from '../../lib/ad-pixels/ad-data';
import { shareAdAttribution, trackAdEvent } from '../../lib/ad-pixels/ad-pixels';
import { NetworkError } from '../../lib/api-client';
import {
  methodFromSearch,
  type PricingPageData,
  planFromSearch,
  pricingCountry,
  promoFromSearch,
  skuFromSearch,
} from '../../lib/checkout-search';
import { billedPhrase, planDisclosure } from '../../lib/plan-terms';
import { errorCode, promoErrorCode } from '../../lib/promo-error';
import { safeUrl } from '../../lib/sandbox-message';
import { useErrorMessage } from '../../lib/use-error-message';
import { useSingleSubmit } from '../../lib/use-single-submit';
import { createPayment } from './api/create-payment';
import { createPlanPayment } from './api/create-plan-payment';
import { paymentMethodsQuery } from './api/get-payment-methods';
import { skuInfoQuery } from './api/get-sku-info';
import { type CheckoutAttempt, checkoutKeyFor, rememberAttempt } from './checkout-key';
import { OfferBanner } from './components/offer-banner';
import { OrderSummary } from './components/order-summary';
import { PaymentMethods } from './components/payment-methods';
import { TermsConsent } from './components/terms-consent';
import { serverOffsetMs } from './offer';
import { type PriceLines, priceLines } from './price-lines';
import { hasAcceptedTerms, rememberTermsAccepted } from './terms-acceptance';

export interface PaymentPageData extends PricingPageData {
  /** Set when the page pays a plan (`?plan=`) instead of a report tier (`?sku=`). */
  planId: TPlanId | null;
}

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  const scope = scopeFromParams(params);
  const url = new URL(request.url);
  const order = orderFromSearch(url.searchParams);
  const planId = planFromSearch(url.searchParams);
  const skuId = planId ? null : skuFromSearch(url.searchParams);
  const hl = localeFromRequest(request);
  const country = pricingCountry(hl);
  const wanted = planId ? null : promoFromSearch(url.searchParams);
  return guardLoad<PaymentPageData>(async () => {
    const [checkout] = await Promise.all([
      fetchOrderCheckout(queryClient, order),
      queryClient.ensureQueryData(paymentMethodsQuery(scope.examId, country)),
      queryClient.ensureQueryData(privacyAndAgreementQuery(scope.examId, hl)),
    ]);
    if (checkout.status === 'paid') {
      throw redirect(withKeptQuery(buildHref('payingSuccess', { scope: params.scope }, { order }), url.search));
    }
    if (planId) {
      const plans = await queryClient.fetchQuery(planListQuery(scope.examId, country, hl, order));
      if (!plans.plans.some((p) => p.planId === planId)) throw data(null, { status: 404 });
      return { country, hl, promo: null, promoError: null, planId };
    }
    const sku = skuId as TSkuId;
    let promo = wanted;
    let promoError: ErrorCode | null = null;
    try {
      await queryClient.fetchQuery(skuInfoQuery(scope.examId, sku, country, hl, order, promo));
    } catch (err) {
      promoError = promo ? promoErrorCode(err) : null;
      if (!promoError) throw err;
      promo = null;
      await queryClient.fetchQuery(skuInfoQuery(scope.examId, sku, country, hl, order, null));
    }
    // The same tier without the code gives the exact offer and promo lines (optional).
    if (promo) await queryClient.prefetchQuery(skuInfoQuery(scope.examId, sku, country, hl, order, null));
    return { country, hl, promo, promoError, planId: null };
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

/** What every purchase's pay call shares; each purchase adds what it buys and the price the visitor saw. */
interface PayCommon {
  orderNumber: string;
  country: string;
  method: TPaymentMethod;
  email: string;
  checkoutKey: string;
  hl: PaymentPageData['hl'];
  termsVersion: string;
  /** The e-mailed result link's token, when this browser is not the one that took the test. */
  token?: string;
}

interface PaymentFormProps {
  data: PaymentPageData;
  /** The order information (and the offer countdown, for tiers). */
  summary: ReactNode;
  /** The amount charged now, in minor units of `currency`. */
  total: number;
  currency: string;
  methods: TPaymentMethod[];
  /** Whether the terms box is shown here (always for plans: the consent stands beside their disclosure). */
  alwaysAskTerms: boolean;
  /** What stands next to the pay button: one-time payment, or the plan's full terms. */
  note: ReactNode;
  attempt: Pick<CheckoutAttempt, 'skuId' | 'planId' | 'promo'>;
  create: (common: PayCommon) => ReturnType<typeof createPayment>;
  /** The server refused the price shown: show the current one. */
  onPriceChanged: () => void;
}

/** The payment form shared by tiers and plans: e-mail, method, terms, pay, then the processor's step. */
function PaymentForm(props: PaymentFormProps) {
  const { data, total: totalMinor, currency, methods: offered } = props;
  const { t } = useTranslation(['checkout', 'common', 'errors']);
  const scope = useScope();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const setAppState = useAppState((s) => s.set);
  const linkToken = useAppState((s) => s.linkToken);
  const [search] = useSearchParams();
  const orderNumber = orderFromSearch(search);
  const { examId } = scope;
  const { data: checkout } = useSuspenseQuery(orderCheckoutQuery(orderNumber));
  const { data: docs } = useSuspenseQuery(privacyAndAgreementQuery(examId, data.hl));
  const total = formatMoney(totalMinor, currency);

  const [method, setMethod] = useState<TPaymentMethod | null>(() => {
    const m = methodFromSearch(search);
    return m && offered.includes(m) ? m : null;
  });
  const [email, setEmail] = useState(() => checkout.email ?? useAppState.getState().email);
  const [unstable, setUnstable] = useState(false);
  const [needTerms] = useState(() => props.alwaysAskTerms || !hasAcceptedTerms(examId, docs.terms.version));
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(() =>
    data.promoError ? { form: t(`errors:${data.promoError}`) } : {},
  );
  const [step, setStep] = useState<Step>({ type: 'form' });
  const formRef = useRef<HTMLFormElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const methodId = useId();
  const termsId = useId();
  const adData = adDataOf(props.attempt.planId ?? props.attempt.skuId, totalMinor, currency);
  const checkoutSent = useRef(false);
  useEffect(() => {
    if (checkoutSent.current) return;
    checkoutSent.current = true;
    void trackAdEvent('initiate-checkout', adData);
    shareAdAttribution(orderNumber);
  }, [adData, orderNumber]);

  const go = useCallback(
    (key: RouteKey, query: Record<string, string>, replace = false) =>
      navigate(withKeptQuery(buildHref(key, { scope: scope.value }, query), location.search), { replace }),
    [navigate, scope.value],
  );

  useLayoutEffect(() => {
    if (step.type === 'frame' || step.type === 'stripe') stepHeading.current?.focus();
  }, [step.type]);

  // Back from PayPal through the back/forward cache: the page must be usable again, not stuck on "redirecting".
  useLayoutEffect(() => {
    function onPageShow(e: PageTransitionEvent) {
      if (!e.persisted) return;
      payment.reset();
      setStep({ type: 'form' });
    }
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

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

  // The payment's creation is one mutation at a time: a double click on Pay creates one payment.
  const payment = useSingleSubmit({
    mutationFn: (common: PayCommon) => props.create(common),
    onSuccess: (res, common) => {
      setAppState({ email: common.email });
      follow(res.next, res.payment.paymentId);
    },
    onError: (err) => {
      const code = errorCode(err);
      if (code === 'ORDER_ALREADY_PAID') {
        go('payingSuccess', { order: orderNumber }, true);
        return;
      }
      if (code === 'PRICE_CHANGED') {
        // The total on screen was not the price any more: show the new one and let the visitor pay it.
        setErrors({ form: errorMessage(err) });
        props.onPriceChanged();
        return;
      }
      if (code === 'PAYMENT_METHOD_UNAVAILABLE') {
        setErrors({ form: errorMessage(err) });
        void queryClient.invalidateQueries({ queryKey: ['checkout', 'paymentMethods'] });
        return;
      }
      // An unstable network: say so and offer the spec's reload (the attempt's key makes a retry safe).
      if (err instanceof NetworkError) {
        setErrors({ form: errorMessage(err) });
        setUnstable(true);
        return;
      }
      setErrors({ form: t('errors:orderFailed') });
    },
  });
  // Busy while the payment is created, and while the browser leaves for the processor.
  const busy = payment.isPending;

  function pay(e: FormEvent) {
    e.preventDefault();
    // Leaving for the processor: the payment exists, a second one must not be asked for.
    if (busy || step.type === 'redirecting') return;
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
    const attempt = { orderNumber, method, ...props.attempt };
    rememberAttempt(attempt);
    payment.submit({
      orderNumber,
      country: data.country,
      method,
      email: value,
      checkoutKey: checkoutKeyFor(attempt),
      hl: data.hl,
      termsVersion: docs.terms.version,
      ...(linkToken?.orderNumber === orderNumber ? { token: linkToken.token } : {}),
    });
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
    <div className="checkout-layout">
      {props.summary}
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
              void trackAdEvent('add-payment-info', adData);
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
          {unstable ? (
            <button type="button" className="button button--secondary" onClick={() => location.reload()}>
              {t('common:network.reload')}
            </button>
          ) : null}
          <div className="pay-row">
            <div className="pay-row__note" id="pay-terms">
              {props.note}
            </div>
            <button
              type="submit"
              className="button button--primary button--large button--block pay-button"
              disabled={busy || step.type === 'redirecting'}
              aria-busy={busy || step.type === 'redirecting'}
              aria-describedby="pay-terms"
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
          <div className="pay-row__note">
            {props.note}
            <p>
              {t('payment.total')}: <strong>{total}</strong>
            </p>
          </div>
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
  );
}

/** Paying a report tier: offer countdown, price lines down to the total, and "one-time payment". */
function SkuPayment({ data }: { data: PaymentPageData }) {
  const { t } = useTranslation(['checkout']);
  const { examId } = useScope();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const orderNumber = orderFromSearch(search);
  const skuId = skuFromSearch(search);
  const infoQuery = useSuspenseQuery(skuInfoQuery(examId, skuId, data.country, data.hl, orderNumber, data.promo));
  const { data: methodList } = useSuspenseQuery(paymentMethodsQuery(examId, data.country));
  const info = infoQuery.data;
  const price = info.sku.price;
  // The summary's lines, from the amounts the server quoted (no second quote without the code, no guessing).
  const lines = priceLines(price);
  const offsetMs = useMemo(
    () => serverOffsetMs(info.offer.serverNow, infoQuery.dataUpdatedAt),
    [info.offer.serverNow, infoQuery.dataUpdatedAt],
  );
  const refetchPrices = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['checkout', 'skuInfo'] });
  }, [queryClient]);

  return (
    <>
      <OfferBanner offer={info.offer} offsetMs={offsetMs} onExpire={refetchPrices} />
      <PaymentForm
        data={data}
        summary={
          <OrderSummary
            orderNumber={orderNumber}
            title={info.sku.title}
            featureCount={info.sku.features.length}
            lines={lines}
            promoCode={data.promo}
          />
        }
        total={lines.total}
        currency={lines.currency}
        methods={methodList.methods.map((m) => m.method)}
        alwaysAskTerms={false}
        note={
          <>
            <p>{t('payment.oneTime')}</p>
            {/* Only the sandbox processor keeps methods for one-click extras (Stripe and PayPal here do not). */}
            {methodList.methods.every((m) => m.provider === 'sandbox') ? (
              <p className="meta pay-row__kept">{t('payment.keptNote')}</p>
            ) : null}
          </>
        }
        attempt={{ skuId, planId: null, promo: data.promo }}
        create={(common) =>
          createPayment({
            ...common,
            skuId,
            promoCode: data.promo,
            shownAmount: lines.total,
            shownCurrency: lines.currency,
            consent: { terms: true, termsVersion: common.termsVersion },
          })
        }
        onPriceChanged={refetchPrices}
      />
    </>
  );
}

/**
 * Paying a plan: what is charged today, what after the trial and when, the interval, and how to cancel,
 * all next to the button; the terms box is always asked here, unticked.
 */
function PlanPayment({ data, planId }: { data: PaymentPageData; planId: TPlanId }) {
  const { t } = useTranslation(['checkout', 'common']);
  const scope = useScope();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const orderNumber = orderFromSearch(search);
  const plansQuery = useSuspenseQuery(planListQuery(scope.examId, data.country, data.hl, orderNumber));
  const { data: methodList } = useSuspenseQuery(paymentMethodsQuery(scope.examId, data.country));
  const plan = plansQuery.data.plans.find((p) => p.planId === planId);
  if (!plan) throw new Error(`plan ${planId} is not offered`);
  const { price } = plan;
  const offered = methodList.methods.map((m) => m.method).filter((m) => plansQuery.data.methods.includes(m));
  const lines: PriceLines = {
    currency: price.currency,
    regular: price.todayAmount,
    offerDiscount: 0,
    promoDiscount: 0,
    percentOff: 0,
    total: price.todayAmount,
  };

  return (
    <PaymentForm
      data={data}
      summary={
        <OrderSummary
          orderNumber={orderNumber}
          title={plan.title}
          featureCount={plan.features.length}
          lines={lines}
          promoCode={null}
          renews={t('plans.summaryRenews', { billed: billedPhrase(t, plan) })}
        />
      }
      total={price.todayAmount}
      currency={price.currency}
      methods={offered}
      alwaysAskTerms
      note={
        <>
          <p className="plan-disclosure">{planDisclosure(t, plan, data.hl, plansQuery.dataUpdatedAt)}</p>
          {/* Decision 0019: the first payment (a trial's too) unlocks the report for good; said before paying. */}
          <p className="plan-keeps-report">{t('plans.keepsReport')}</p>
          <p>
            {t('plans.howToCancel')}{' '}
            <AppLink to={buildHref('cancelSubscription', { scope: scope.value })}>{t('plans.cancelPage')}</AppLink>
          </p>
        </>
      }
      attempt={{ skuId: plan.includesSkuId, planId, promo: null }}
      create={(common) =>
        createPlanPayment({
          ...common,
          planId,
          shownAmount: price.todayAmount,
          shownRecurringAmount: price.amount,
          shownCurrency: price.currency,
          consent: { terms: true, termsVersion: common.termsVersion, disclosureVersion: PLAN_DISCLOSURE_VERSION },
        })
      }
      onPriceChanged={() => void queryClient.invalidateQueries({ queryKey: ['checkout', 'planList'] })}
    />
  );
}

function PaymentScreen({ data }: { data: PaymentPageData }) {
  const { t } = useTranslation(['checkout']);
  return (
    <div className="container page checkout checkout--payment">
      <PageTitle title={t('payment.title')} />
      <h1>{t('payment.title')}</h1>
      <p className="lead">{t('payment.lead')}</p>
      {data.planId ? <PlanPayment data={data} planId={data.planId} /> : <SkuPayment data={data} />}
    </div>
  );
}

/** Payment: contact e-mail, the order and its total, the method, and the processor's step. */
export const Component = guarded(PaymentScreen);
