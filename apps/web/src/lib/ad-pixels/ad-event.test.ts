import { AD_CLICK_PARAMS } from '@mindgauge/contract';
import { describe, expect, it } from 'vitest';
import { adDataOf } from './ad-data';
import { payloadFor, trimForCheckout } from './ad-event';
import { providersWithClick } from './click-ids';

describe('initiate-checkout trimming', () => {
  it('keeps the first content item only, with quantity 1, and the value, currency and content type', () => {
    const trimmed = trimForCheckout({
      value: 29.98,
      currency: 'EUR',
      contents: [
        { id: 'sku3', quantity: 2, price: 14.99 },
        { id: 'sku4', quantity: 1, price: 9.99 },
      ],
      orderNumber: 'MG123',
      email: 'a@example.com',
    });
    expect(trimmed).toEqual({
      value: 29.98,
      currency: 'EUR',
      contents: [{ id: 'sku3', quantity: 1, price: 14.99 }],
      contentType: 'product',
    });
  });

  it('sends an empty list when there is nothing to trim', () => {
    expect(trimForCheckout({ value: 1, currency: 'USD' })).toEqual({
      value: 1,
      currency: 'USD',
      contents: [],
      contentType: 'product',
    });
  });

  it('carries the e-mail with a purchase only', () => {
    const data = { ...adDataOf('sku2', 1999, 'USD'), email: 'a@example.com' };
    expect(payloadFor('purchase', data).email).toBe('a@example.com');
    expect(payloadFor('add-to-cart', data).email).toBeUndefined();
    expect(payloadFor('initiate-checkout', data).email).toBeUndefined();
  });

  it('prices in major units, whole units for currencies without decimals', () => {
    expect(adDataOf('sku2', 1999, 'USD').value).toBe(19.99);
    expect(adDataOf('sku2', 78000, 'JPY').value).toBe(780);
  });
});

describe('click identifiers', () => {
  const ids = { meta: '1234567890', tiktok: 'C0FFEE1234567', googleAds: 'AW-12345' };

  it('count a provider only when it is configured and its own identifier is present', () => {
    expect(providersWithClick(ids, { fbclid: 'x' }, AD_CLICK_PARAMS)).toEqual(['meta']);
    expect(providersWithClick(ids, { tt_test_id: 'x', gclid: 'y' }, AD_CLICK_PARAMS)).toEqual(['tiktok', 'googleAds']);
    expect(providersWithClick(ids, { epik: 'x', ScCid: 'y' }, AD_CLICK_PARAMS)).toEqual([]);
    expect(providersWithClick({}, { fbclid: 'x' }, AD_CLICK_PARAMS)).toEqual([]);
  });

  it('count pixel_id with click_id for the provider whose pixel it names', () => {
    expect(providersWithClick(ids, { pixel_id: 'C0FFEE1234567', click_id: 'abc' }, AD_CLICK_PARAMS)).toEqual([
      'tiktok',
    ]);
    expect(providersWithClick(ids, { pixel_id: 'C0FFEE1234567' }, AD_CLICK_PARAMS)).toEqual([]);
    expect(providersWithClick(ids, { pixel_id: 'other', click_id: 'abc' }, AD_CLICK_PARAMS)).toEqual([]);
  });
});
