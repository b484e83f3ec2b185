import { describe, expect, it } from 'vitest';
import { normaliseCountry, quote } from './pricing';

describe('quote', () => {
  const usd = { currency: 'USD', list_minor: 2999, offer_minor: 1499 };
  const jpy = { currency: 'JPY', list_minor: 450_000, offer_minor: 228_000 };

  it('charges the offer price before the deadline and the list price after it', () => {
    expect(quote(usd, true, 0)).toEqual({
      currency: 'USD',
      amount: 1499,
      listAmount: 2999,
      offer: true,
      beforePromoAmount: 1499,
      percentOff: 0,
    });
    expect(quote(usd, false, 0)).toMatchObject({ amount: 2999, offer: false });
  });

  it('takes the promo percentage off, rounded to the cent', () => {
    expect(quote(usd, true, 10).amount).toBe(1349);
    expect(quote(usd, false, 25).amount).toBe(2249);
    // The price before the code, for the summary's exact lines: the offer price, else the list price.
    expect(quote(usd, true, 10).beforePromoAmount).toBe(1499);
    expect(quote(usd, false, 25).beforePromoAmount).toBe(2999);
  });

  it('rounds currencies shown without decimals to whole units, so the charge is what is shown', () => {
    expect(quote(jpy, true, 10).amount).toBe(205_200);
    expect(quote(jpy, true, 15).amount % 100).toBe(0);
  });

  it('maps region codes to the countries whose prices they mean', () => {
    expect(normaliseCountry('EN')).toBe('US');
    expect(normaliseCountry('ja')).toBe('JP');
    expect(normaliseCountry('fr')).toBe('FR');
  });
});
