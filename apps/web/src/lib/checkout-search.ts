import {
  type ErrorCode,
  type Locale,
  regionForLanguage,
  type TPaymentMethod,
  type TPlanId,
  type TSkuId,
  ZPaymentMethod,
  ZPlanId,
  ZPromoCode,
  ZPublicId,
  ZSkuId,
} from '@mindgauge/contract';
import { data } from 'react-router';
import { readConfig } from './persisted-config';

/** The tier of `?sku=`; a missing or unknown one is the 404 page (the link was not made by us). */
export function skuFromSearch(search: URLSearchParams): TSkuId {
  const parsed = ZSkuId.safeParse(search.get('sku'));
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

/** The plan of `?plan=`, or null when the payment is for a tier. */
export function planFromSearch(search: URLSearchParams): TPlanId | null {
  const parsed = ZPlanId.safeParse(search.get('plan'));
  return parsed.success ? parsed.data : null;
}

/** `?promo=`, normalised; a malformed code is ignored (prices are then shown without it). */
export function promoFromSearch(search: URLSearchParams): string | null {
  const raw = search.get('promo');
  if (!raw) return null;
  const parsed = ZPromoCode.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function methodFromSearch(search: URLSearchParams): TPaymentMethod | null {
  const parsed = ZPaymentMethod.safeParse(search.get('method'));
  return parsed.success ? parsed.data : null;
}

export function paymentFromSearch(search: URLSearchParams): string | undefined {
  const parsed = ZPublicId.safeParse(search.get('payment'));
  return parsed.success ? parsed.data : undefined;
}

/** The country prices are asked for: the visitor's choice, else the region of their language. */
export function pricingCountry(locale: Locale): string {
  return readConfig().countryCode || regionForLanguage(locale);
}

/** What the report-choice and payment loaders resolve: the price context of the page. */
export interface PricingPageData {
  country: string;
  hl: Locale;
  promo: string | null;
  promoError: ErrorCode | null;
}
