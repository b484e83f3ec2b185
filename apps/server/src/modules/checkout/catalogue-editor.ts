import { isWholeUnitCurrency } from '@mindgauge/contract';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { TtlCache } from '../../lib/ttl-cache';
import type { CatalogRepository, SkuPriceRow } from './catalog-repository';

const OFFER_MINUTES = 'offer_minutes';

/**
 * What the operator edits in the catalogue (issue 21): a tier's prices for a country, and the offer's length.
 * Both apply to new orders only: an order keeps the tier prices it was first shown (order_prices) and its
 * offer deadline is set once, when its prices are first shown (decision 0038).
 */
export function catalogueEditor(d: { repo: CatalogRepository; cache: TtlCache; clock: Clock; offerMs: number }) {
  const offerMinutes = () =>
    d.cache.get('offer-minutes', async () => (await d.repo.setting(OFFER_MINUTES)) ?? Math.round(d.offerMs / 60_000));

  return {
    offerMinutes,
    offerMs: async () => (await offerMinutes()) * 60_000,

    /** The offer's length from now on; orders whose offer already started keep their deadline. */
    async setOfferMinutes(minutes: number) {
      const before = await offerMinutes();
      await d.repo.setSetting(OFFER_MINUTES, minutes, d.clock.now());
      d.cache.delete('offer-minutes');
      return { before, after: await offerMinutes() };
    },

    prices: (examId: number) => d.repo.allPrices(examId),

    /**
     * Sets one tier's list and offer price for a country, in the table's currency. Currencies shown without
     * decimals take whole amounts only (what is shown is what is charged); an offer above the list price
     * would show a "discount" that costs more, so it is refused.
     */
    async setPrice(p: { examId: number; skuId: string; country: string; list: number; offer: number }) {
      const before = await d.repo.price(p.examId, p.skuId, p.country);
      if (!before) throw new AppError('PRICE_NOT_FOUND');
      if (isWholeUnitCurrency(before.currency) && (p.list % 100 !== 0 || p.offer % 100 !== 0)) {
        throw new AppError('PRICE_MINOR_UNITS');
      }
      if (p.offer > p.list) throw new AppError('OFFER_ABOVE_LIST');
      await d.repo.setPrice(p);
      // This instance's price tables read the change at once; other instances when their copy expires.
      d.cache.clear();
      return { before, after: (await d.repo.price(p.examId, p.skuId, p.country)) as SkuPriceRow };
    },
  };
}
export type CatalogueEditor = ReturnType<typeof catalogueEditor>;
