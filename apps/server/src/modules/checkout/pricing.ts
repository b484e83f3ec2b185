import { isWholeUnitCurrency, type TPrice } from '@mindgauge/contract';

/** Where no price table exists for a country, prices come from this one. */
export const DEFAULT_PRICE_COUNTRY = 'US';

/** The spec's region codes (section 9) and common aliases, as the countries whose prices they mean. */
const REGION_ALIASES: Record<string, string> = { EN: DEFAULT_PRICE_COUNTRY, JA: 'JP', UK: 'GB', EL: 'GR' };

export function normaliseCountry(code: string): string {
  const upper = code.toUpperCase();
  return REGION_ALIASES[upper] ?? upper;
}

/**
 * A country's price rows (tiers, plans or extras), or the default table's when the country has none; `country`
 * is the table the rows come from.
 */
export async function priceTableOf<T>(
  country: string,
  rowsOf: (country: string) => Promise<T[]>,
): Promise<{ country: string; rows: T[] }> {
  const wanted = normaliseCountry(country);
  const rows = await rowsOf(wanted);
  if (rows.length > 0) return { country: wanted, rows };
  return { country: DEFAULT_PRICE_COUNTRY, rows: await rowsOf(DEFAULT_PRICE_COUNTRY) };
}

export interface PriceRow {
  currency: string;
  list_minor: number;
  offer_minor: number;
}

/** An amount less a percentage, rounded to what the currency shows (whole units for some), never below 0. */
export function lessPercent(amountMinor: number, currency: string, percentOff: number): number {
  const unit = isWholeUnitCurrency(currency) ? 100 : 1;
  return Math.max(0, Math.round((amountMinor * (100 - percentOff)) / 100 / unit) * unit);
}

/**
 * The price of a tier for an order: the offer price until the order's offer deadline, else the list price,
 * less the promo code's percentage. Currencies shown without decimals are rounded to whole units, so what is
 * charged is exactly what is shown.
 */
export function quote(row: PriceRow, offerActive: boolean, percentOff: number): TPrice {
  const base = offerActive ? row.offer_minor : row.list_minor;
  return {
    currency: row.currency,
    amount: lessPercent(base, row.currency, percentOff),
    listAmount: row.list_minor,
    offer: offerActive && row.offer_minor < row.list_minor,
    // The summary's lines come from here: the web never works a discount back from a percentage.
    beforePromoAmount: base,
    percentOff,
  };
}
