import { type Locale, type TPlan, type TSku, type TSkuId, ZSkuId } from '@mindgauge/contract';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type ComponentType, type FormEvent, useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type LoaderFunctionArgs,
  redirect,
  useNavigate,
  useNavigation,
  useRevalidator,
  useSearchParams,
} from 'react-router';
import { fetchOrderCheckout } from '../../api/get-order-checkout';
import { planListQuery } from '../../api/get-plan-list';
import { privacyAndAgreementQuery } from '../../api/get-protocols';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { withKeptQuery } from '../../components/app-link';
import { guardLoad } from '../../components/load-guard';
import { PageTitle } from '../../components/page-title';
import { localeFromRequest } from '../../i18n/use-locale';
import { adDataOf } from '../../lib/ad-pixels/ad-data';
import { trackAdEvent } from '../../lib/ad-pixels/ad-pixels';
import { type PricingPageData, pricingCountry, promoFromSearch } from '../../lib/checkout-search';
import { updateConfig } from '../../lib/persisted-config';
import { promoErrorCode } from '../../lib/promo-error';
import { orderCountriesQuery } from './api/get-order-countries';
import { reviewsQuery } from './api/get-reviews';
import { skuListQuery } from './api/get-sku-list';
import { CountrySelect } from './components/country-select';
import { GiftBanner } from './components/gift-banner';
import { OfferBanner } from './components/offer-banner';
import { PromoForm } from './components/promo-form';
import { ReviewsSection } from './components/reviews-section';
import { SkuCard } from './components/sku-card';
import { TermsConsent } from './components/terms-consent';
import { serverOffsetMs } from './offer';
import { rememberTermsAccepted } from './terms-acceptance';

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  const scope = scopeFromParams(params);
  const url = new URL(request.url);
  const order = orderFromSearch(url.searchParams);
  const hl = localeFromRequest(request);
  const country = pricingCountry(hl);
  const wanted = promoFromSearch(url.searchParams);
  return guardLoad<PricingPageData>(async () => {
    // Reviews and the country list are extras: the page works without them.
    void queryClient.prefetchQuery(reviewsQuery(scope.examId, hl));
    void queryClient.prefetchQuery(orderCountriesQuery());
    void queryClient.prefetchQuery(planListQuery(scope.examId, country, hl, order));
    // The order first: its first look starts the offer countdown the prices depend on.
    const [checkout] = await Promise.all([
      fetchOrderCheckout(queryClient, order),
      queryClient.ensureQueryData(privacyAndAgreementQuery(scope.examId, hl)),
    ]);
    if (checkout.status === 'paid') {
      throw redirect(withKeptQuery(buildHref('payingSuccess', { scope: params.scope }, { order }), url.search));
    }
    try {
      await queryClient.fetchQuery(skuListQuery(scope.examId, country, hl, order, wanted ?? undefined));
      return { country, hl, promo: wanted, promoError: null };
    } catch (err) {
      const promoError = wanted ? promoErrorCode(err) : null;
      if (!promoError) throw err;
      await queryClient.fetchQuery(skuListQuery(scope.examId, country, hl, order));
      return { country, hl, promo: null, promoError };
    }
  });
}

/** The tier just below, when this one has all its features (the tiers are cumulative). */
function includedTier(skus: TSku[], index: number): TSku | undefined {
  const lower = skus[index - 1];
  if (!lower || lower.tier >= (skus[index]?.tier ?? 0)) return undefined;
  const own = new Set(skus[index]?.features.map((f) => f.logoId));
  return lower.features.every((f) => own.has(f.logoId)) ? lower : undefined;
}

/**
 * What the report choice shows from other features, given by the route that composes the screen
 * (app/routes): the plans feature's cards under the tiers.
 */
export interface SchemeSlots {
  PlanCards: ComponentType<{ plans: TPlan[]; locale: Locale; now: number; hrefFor: (plan: TPlan) => string }>;
}

export function SchemeScreen({ data, slots: { PlanCards } }: { data: PricingPageData; slots: SchemeSlots }) {
  const { t } = useTranslation(['checkout', 'common', 'errors']);
  const scope = useScope();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const orderNumber = orderFromSearch(search);
  const listQuery = skuListQuery(scope.examId, data.country, data.hl, orderNumber, data.promo ?? undefined);
  const { data: list, dataUpdatedAt } = useSuspenseQuery(listQuery);
  const { data: docs } = useSuspenseQuery(privacyAndAgreementQuery(scope.examId, data.hl));
  const reviews = useQuery(reviewsQuery(scope.examId, data.hl)).data;
  const countries = useQuery(orderCountriesQuery()).data;
  const plans = useQuery(planListQuery(scope.examId, data.country, data.hl, orderNumber)).data;
  const offsetMs = useMemo(
    () => serverOffsetMs(list.offer.serverNow, dataUpdatedAt),
    [list.offer.serverNow, dataUpdatedAt],
  );
  const termsId = useId();
  const [selected, setSelected] = useState<TSkuId>(() => {
    const fromUrl = ZSkuId.safeParse(search.get('sku'));
    if (fromUrl.success) return fromUrl.data;
    return (list.skus.find((s) => s.recommended) ?? list.skus[0])?.skuId ?? 'sku2';
  });
  const [agreed, setAgreed] = useState(false);
  const [termsError, setTermsError] = useState<string>();
  const updating = navigation.state !== 'idle' || revalidator.state !== 'idle';

  const refetchPrices = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['checkout', 'skuList'] });
  }, [queryClient]);

  function setPromo(code: string | null) {
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (code) next.set('promo', code);
        else next.delete('promo');
        return next;
      },
      { replace: true, preventScrollReset: true, state: { keepFocus: true } },
    );
  }

  function changeCountry(country: string) {
    updateConfig({ countryCode: country });
    void revalidator.revalidate();
  }

  function proceed(e: FormEvent) {
    e.preventDefault();
    if (!agreed) {
      setTermsError(t('common:validation.termsRequired'));
      document.getElementById(termsId)?.focus();
      return;
    }
    rememberTermsAccepted(scope.examId, data.hl, docs.terms);
    const chosen = list.skus.find((s) => s.skuId === selected);
    if (chosen) void trackAdEvent('add-to-cart', adDataOf(selected, chosen.price.amount, chosen.price.currency));
    const query: Record<string, string> = { order: orderNumber, sku: selected };
    if (list.promo) query.promo = list.promo.code;
    navigate(withKeptQuery(buildHref('payingPayment', { scope: scope.value }, query), location.search));
  }

  return (
    <div className="container page checkout checkout--scheme">
      <PageTitle title={t('scheme.title')} />
      <h1>{t('scheme.title')}</h1>
      <p className="lead">{t('scheme.lead')}</p>
      <GiftBanner orderNumber={orderNumber} />
      <OfferBanner offer={list.offer} offsetMs={offsetMs} onExpire={refetchPrices} />
      <form className="checkout-form" noValidate onSubmit={proceed}>
        {countries ? (
          <CountrySelect
            locale={data.hl}
            value={list.country}
            currency={list.currency}
            countries={countries.countries}
            disabled={updating}
            onChange={changeCountry}
          />
        ) : null}
        <fieldset className="sku-list" aria-busy={updating || undefined}>
          <legend className="sku-list__legend">{t('scheme.tiersLegend')}</legend>
          <div className="sku-list__cards">
            {list.skus.map((sku, i) => (
              <SkuCard
                key={sku.skuId}
                sku={sku}
                includes={includedTier(list.skus, i)}
                checked={selected === sku.skuId}
                onSelect={setSelected}
              />
            ))}
          </div>
        </fieldset>
        <p className="meta checkout-updating" role="status">
          {updating ? t('scheme.updating') : ''}
        </p>
        <PromoForm
          orderNumber={orderNumber}
          applied={list.promo}
          initialError={data.promoError ? t(`errors:${data.promoError}`) : undefined}
          pending={updating}
          onApplied={setPromo}
          onRemove={() => setPromo(null)}
        />
        <TermsConsent
          id={termsId}
          checked={agreed}
          onChange={(v) => {
            setAgreed(v);
            if (v) setTermsError(undefined);
          }}
          error={termsError}
          termsHref={buildHref('protocol', { scope: scope.value, kind: 'terms' })}
        />
        <button type="submit" className="button button--primary button--large button--block checkout-continue">
          {t('scheme.continue')}
        </button>
      </form>
      {plans && plans.plans.length > 0 && plans.methods.length > 0 ? (
        <section className="plans" aria-labelledby="plans-title" id="plans">
          <h2 id="plans-title">{t('plans.title')}</h2>
          <p className="meta">{t('plans.lead')}</p>
          <PlanCards
            plans={plans.plans}
            locale={data.hl}
            now={Date.now() + offsetMs}
            hrefFor={(plan) =>
              buildHref('payingPayment', { scope: scope.value }, { order: orderNumber, plan: plan.planId })
            }
          />
        </section>
      ) : null}
      {reviews ? (
        <ReviewsSection
          locale={data.hl}
          reviews={reviews.reviews}
          count={reviews.count}
          averageRating={reviews.averageRating}
        />
      ) : null}
    </div>
  );
}
