import type { TPrice } from '@mindgauge/contract';
import { describe, expect, it } from 'vitest';
import { isDiscounted, priceLines } from './price-lines';

const price = (p: Partial<TPrice>): TPrice => ({
  currency: 'USD',
  amount: 2999,
  listAmount: 2999,
  offer: false,
  beforePromoAmount: p.amount ?? 2999,
  percentOff: 0,
  ...p,
});

describe('price lines', () => {
  it('a regular price has no discount', () => {
    expect(priceLines(price({}))).toEqual({
      currency: 'USD',
      regular: 2999,
      offerDiscount: 0,
      promoDiscount: 0,
      percentOff: 0,
      total: 2999,
    });
    expect(isDiscounted(price({}))).toBe(false);
  });

  it('the offer price shows the regular price and the saving', () => {
    const l = priceLines(price({ amount: 1499, offer: true }));
    expect(l).toMatchObject({ regular: 2999, offerDiscount: 1500, promoDiscount: 0, total: 1499 });
    expect(isDiscounted(price({ amount: 1499, offer: true }))).toBe(true);
  });

  it('a promo code on the regular price', () => {
    // 10% off 29.99 = 26.99 (rounded by the server).
    const l = priceLines(price({ amount: 2699, beforePromoAmount: 2999, percentOff: 10 }));
    expect(l).toMatchObject({ regular: 2999, offerDiscount: 0, promoDiscount: 300, percentOff: 10, total: 2699 });
  });

  it('offer and promo code: exact lines from the amounts the server quoted, and they add up', () => {
    const p = price({ amount: 1349, offer: true, beforePromoAmount: 1499, percentOff: 10 });
    const l = priceLines(p);
    expect(l).toMatchObject({ offerDiscount: 1500, promoDiscount: 150, total: 1349 });
    expect(l.regular - l.offerDiscount - l.promoDiscount).toBe(l.total);
  });

  it('whole-unit currencies keep whole amounts', () => {
    const p: TPrice = {
      currency: 'JPY',
      amount: 205200,
      listAmount: 450000,
      offer: true,
      beforePromoAmount: 228000,
      percentOff: 10,
    };
    const l = priceLines(p);
    expect(l).toMatchObject({ offerDiscount: 222000, promoDiscount: 22800, total: 205200 });
  });

  it('never shows a negative line for odd input', () => {
    const l = priceLines(price({ amount: 2999, beforePromoAmount: 5000, percentOff: 10 }));
    expect(l.offerDiscount).toBeGreaterThanOrEqual(0);
    expect(l.promoDiscount).toBeGreaterThanOrEqual(0);
  });
});
