import type { TPrice } from '@mindgauge/contract';

/** The order information's price lines, in minor units of `currency`. */
export interface PriceLines {
  currency: string;
  regular: number;
  /** Saved by the offer price (0 when the offer does not apply). */
  offerDiscount: number;
  /** Saved by the promo code (0 without one). */
  promoDiscount: number;
  percentOff: number;
  total: number;
}

/**
 * Splits a price into its lines, from the three amounts the server quoted (regular, before the promo code,
 * charged): nothing is worked back from a percentage. The lines always add up: regular − offer − promo = total.
 */
export function priceLines(price: TPrice): PriceLines {
  const regular = price.listAmount;
  const total = price.amount;
  // Clamped so odd input never shows a negative line.
  const before = Math.min(regular, Math.max(total, price.beforePromoAmount));
  return {
    currency: price.currency,
    regular,
    offerDiscount: regular - before,
    promoDiscount: before - total,
    percentOff: price.percentOff,
    total,
  };
}

/** Whether the card shows the regular price struck through. */
export function isDiscounted(price: TPrice): boolean {
  return (price.offer || price.percentOff > 0) && price.listAmount > price.amount;
}
