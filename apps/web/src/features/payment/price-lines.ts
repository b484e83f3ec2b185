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
 * Splits a price into its lines. The promo percentage applies to the offer (or list) price; pass that price
 * (`amountBeforePromo`, the same tier priced without the code) for exact lines. Without it, it is the list
 * price when the offer does not apply, else worked back from the percentage. The lines always add up:
 * regular − offer − promo = total.
 */
export function priceLines(price: TPrice, amountBeforePromo?: number): PriceLines {
  const regular = price.listAmount;
  const total = price.amount;
  let before: number;
  if (price.percentOff <= 0) before = total;
  else if (amountBeforePromo !== undefined) before = amountBeforePromo;
  else if (!price.offer) before = regular;
  else before = Math.round((total * 100) / (100 - Math.min(price.percentOff, 99)));
  before = Math.min(regular, Math.max(total, before));
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
