import { isWholeUnitCurrency, type TPrice } from '@mindgauge/contract';

/** Where no price table exists for a country, prices come from this one. */
export const DEFAULT_PRICE_COUNTRY = 'US';

/** The spec's region codes (section 9) and common aliases, as the countries whose prices they mean. */
const REGION_ALIASES: Record<string, string> = { EN: DEFAULT_PRICE_COUNTRY, JA: 'JP', UK: 'GB', EL: 'GR' };

export function normaliseCountry(code: string): string {
  const upper = code.toUpperCase();
  return REGION_ALIASES[upper] ?? upper;
}

export interface PriceRow {
  currency: string;
  list_minor: number;
  offer_minor: number;
}

/**
 * The price of a tier for an order: the offer price until the order's offer deadline, else the list price,
 * less the promo code's percentage. Currencies shown without decimals are rounded to whole units, so what is
 * charged is exactly what is shown.
 */
export function quote(row: PriceRow, offerActive: boolean, percentOff: number): TPrice {
  const base = offerActive ? row.offer_minor : row.list_minor;
  const unit = isWholeUnitCurrency(row.currency) ? 100 : 1;
  const discounted = Math.round((base * (100 - percentOff)) / 100 / unit) * unit;
  return {
    currency: row.currency,
    amount: Math.max(0, discounted),
    listAmount: row.list_minor,
    offer: offerActive && row.offer_minor < row.list_minor,
    percentOff,
  };
}
