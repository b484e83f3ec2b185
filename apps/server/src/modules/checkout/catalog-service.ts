import {
  featureTextKey,
  type Locale,
  skuTextKey,
  type TPrice,
  type TSku,
  type TSkuId,
  type TSkuList,
  ZEntitlement,
} from '@mindgauge/contract';
import { z } from 'zod';
import { parseJsonColumn } from '../../db/json-column';
import type { Translator } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { TtlCache } from '../../lib/ttl-cache';
import type { ExamOrders, Order as OrderRow } from '../exam/exam-orders';
import type { CatalogRepository, PromoRow, SkuPriceRow, SkuRow } from './catalog-repository';
import { catalogueEditor } from './catalogue-editor';
import { DEFAULT_PRICE_COUNTRY, type PriceRow, priceTableOf, quote } from './pricing';

export interface CatalogDeps {
  repo: CatalogRepository;
  /** The exam module owns orders; checkout reads one and starts its offer. */
  orders: ExamOrders;
  translator: Translator;
  clock: Clock;
  cache: TtlCache;
  /** How long an order's offer price holds once the order has seen it, until the operator sets another. */
  offerMs: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** `skus.features` and `plans.features`: the feature ids a tier or plan lists. */
export const ZFeatureIds = z.array(z.string());

export interface PricedSku {
  row: SkuRow;
  price: TPrice;
}

/** A promo code's standing at a time: usable, unknown (or switched off), or past its dates or uses. */
export function promoStanding(p: PromoRow | undefined, now: number): 'ok' | 'invalid' | 'expired' {
  if (p?.active !== 1) return 'invalid';
  if (p.starts_at !== null && now < p.starts_at) return 'invalid';
  if (p.expires_at !== null && now >= p.expires_at) return 'expired';
  if (p.max_redemptions !== null && p.redemptions >= p.max_redemptions) return 'expired';
  return 'ok';
}

export function catalogService(d: CatalogDeps) {
  /** The price table of a country (cached: prices change rarely); the default table when it has none. */
  async function priceTable(examId: number, country: string): Promise<{ country: string; rows: SkuPriceRow[] }> {
    return d.cache.get(`prices:${examId}:${country}`, () => priceTableOf(country, (c) => d.repo.prices(examId, c)));
  }

  const skuRows = (examId: number) => d.cache.get(`skus:${examId}`, () => d.repo.skus(examId));
  const editor = catalogueEditor(d);

  /**
   * The prices an order is shown and pays (decision 0038): the first time its price list is shown for a
   * country's table, that table is copied to the order; from then on the order reads its copy, so an
   * operator's change applies to new orders only. Concurrent first views copy once (the first copy wins).
   */
  async function orderTable(examId: number, country: string, order: OrderRow) {
    const live = await priceTable(examId, country);
    const kept = await d.repo.orderPrices(order.order_number, live.country);
    if (kept.length > 0) return { country: live.country, rows: kept };
    const now = d.clock.now();
    await d.repo.keepOrderPrices(
      live.rows.map((r) => ({
        order_number: order.order_number,
        country: live.country,
        sku_id: r.sku_id,
        currency: r.currency,
        list_minor: r.list_minor,
        offer_minor: r.offer_minor,
        created_at: now,
      })),
    );
    return { country: live.country, rows: await d.repo.orderPrices(order.order_number, live.country) };
  }

  async function requireOrder(orderNumber: string): Promise<OrderRow> {
    const order = await d.orders.findOrder(orderNumber);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    return order;
  }

  async function usablePromo(code: string | undefined): Promise<PromoRow | null> {
    if (!code) return null;
    const p = await d.repo.promo(code);
    const standing = promoStanding(p, d.clock.now());
    if (standing === 'invalid') throw new AppError('PROMO_INVALID');
    if (standing === 'expired') throw new AppError('PROMO_EXPIRED');
    return p ?? null;
  }

  function offerOf(order: OrderRow | undefined, now: number) {
    const deadline = order?.offer_deadline_at ?? null;
    return {
      deadline: deadline === null ? null : iso(deadline),
      active: deadline !== null && now < deadline,
      serverNow: iso(now),
    };
  }

  function present(row: SkuRow, price: TPrice, locale: Locale): TSku {
    const t = (k: string) => d.translator.t(locale, k);
    const features = parseJsonColumn(ZFeatureIds, 'skus.features', row.features);
    return {
      skuId: row.sku_id as TSkuId,
      tier: row.tier,
      // The exam's own wording: the personality tiers never read the IQ tiers' titles.
      title: t(`${skuTextKey(row.exam_id, row.sku_id)}.title`),
      subtitle: t(`${skuTextKey(row.exam_id, row.sku_id)}.subtitle`),
      recommended: row.recommended === 1,
      features: features.map((id) => ({
        logoId: id,
        name: t(`${featureTextKey(row.exam_id, id)}.name`),
        content: t(`${featureTextKey(row.exam_id, id)}.content`),
      })),
      entitlements: parseJsonColumn(z.array(ZEntitlement), 'skus.entitlements', row.entitlements),
      price,
    };
  }

  /**
   * The order's offer starts when its prices are first shown (never restarts): a reload, a second tab or a
   * second instance finds the deadline already set.
   */
  async function withOffer(order: OrderRow): Promise<OrderRow> {
    if (order.offer_deadline_at !== null || order.status !== 'pending_payment') return order;
    await d.orders.startOffer(order.order_number, d.clock.now() + (await editor.offerMs()));
    return requireOrder(order.order_number);
  }

  /** The tiers that have a price in the table, each quoted. */
  function pricedItems(
    skus: SkuRow[],
    rows: (PriceRow & { sku_id: string })[],
    offerActive: boolean,
    percentOff: number,
  ): PricedSku[] {
    const byId = new Map(rows.map((r) => [r.sku_id, r]));
    return skus.flatMap((row) => {
      const p = byId.get(row.sku_id);
      return p ? [{ row, price: quote(p, offerActive, percentOff) }] : [];
    });
  }

  /** Every tier priced for a country, an order's offer state and a promo code. */
  async function priced(examId: number, country: string, orderOrNumber?: string | OrderRow, promoCode?: string) {
    const now = d.clock.now();
    const [order, skus, promo] = await Promise.all([
      (typeof orderOrNumber === 'string' ? requireOrder(orderOrNumber) : Promise.resolve(orderOrNumber)).then((o) =>
        o ? withOffer(o) : undefined,
      ),
      skuRows(examId),
      usablePromo(promoCode),
    ]);
    // Only the order's own test keeps a copy: another test's list asked with this order is priced live, so it
    // can never stand in for the order's own prices.
    const table =
      order?.exam_id === examId ? await orderTable(examId, country, order) : await priceTable(examId, country);
    if (skus.length === 0) throw new AppError('EXAM_NOT_FOUND');
    const offer = offerOf(order, now);
    const items = pricedItems(skus, table.rows, offer.active, promo?.percent_off ?? 0);
    return { country: table.country, currency: table.rows[0]?.currency ?? 'USD', offer, promo, items };
  }

  return {
    priced,

    /** The operator's catalogue: tier prices per country and the offer's length (changes: new orders only). */
    editor,

    /** The operator's promo codes: list, add, end. Lookups are not cached, so a change applies at once. */
    promos: {
      list: () => d.repo.allPromos(),
      async create(p: { code: string; percentOff: number; expiresAt: number | null; maxRedemptions: number | null }) {
        const row = {
          code: p.code,
          percent_off: p.percentOff,
          starts_at: null,
          expires_at: p.expiresAt,
          max_redemptions: p.maxRedemptions,
          active: 1,
          demo: 0,
          created_at: d.clock.now(),
        };
        if (!(await d.repo.insertPromo(row))) throw new AppError('PROMO_CODE_TAKEN');
        return (await d.repo.promo(p.code)) as PromoRow;
      },
      async expire(code: string) {
        const before = await d.repo.promo(code);
        if (!before) throw new AppError('PROMO_INVALID');
        await d.repo.expirePromo(code, d.clock.now());
        return { before, after: (await d.repo.promo(code)) as PromoRow };
      },
    },

    async skuList(
      examId: number,
      country: string,
      locale: Locale,
      q: { order?: string; promo?: string },
    ): Promise<TSkuList> {
      const p = await priced(examId, country, q.order, q.promo);
      return {
        country: p.country,
        currency: p.currency,
        offer: p.offer,
        promo: p.promo ? { code: p.promo.code, percentOff: p.promo.percent_off } : null,
        skus: p.items.map((i) => present(i.row, i.price, locale)),
      };
    },

    async skuInfo(
      examId: number,
      skuId: TSkuId,
      country: string,
      locale: Locale,
      q: { order?: string; promo?: string },
    ) {
      const p = await priced(examId, country, q.order, q.promo);
      const item = p.items.find((i) => i.row.sku_id === skuId);
      if (!item) throw new AppError('SKU_NOT_FOUND');
      return { country: p.country, offer: p.offer, sku: present(item.row, item.price, locale) };
    },

    /**
     * The price list a new visitor from a country is shown, during the offer and after it (the console's
     * preview): the same table, quotes and texts as the visitor's own list.
     */
    async preview(examId: number, country: string, locale: Locale) {
      const [table, skus] = await Promise.all([priceTable(examId, country), skuRows(examId)]);
      if (skus.length === 0) throw new AppError('EXAM_NOT_FOUND');
      const list = (offer: boolean) =>
        pricedItems(skus, table.rows, offer, 0).map((i) => present(i.row, i.price, locale));
      return {
        country: table.country,
        currency: table.rows[0]?.currency ?? 'USD',
        duringOffer: list(true),
        afterOffer: list(false),
      };
    },

    /** An exam that sells reports (has tiers); else 404. */
    async requireCatalog(examId: number): Promise<void> {
      if ((await skuRows(examId)).length === 0) throw new AppError('EXAM_NOT_FOUND');
    },

    async countries() {
      const rows = await d.cache.get('countries', () => d.repo.countries());
      return { defaultCountry: DEFAULT_PRICE_COUNTRY, countries: rows };
    },

    /** The order as it stands (its checkout state is read, never changed, by this). */
    requireOrder,

    offerOf,

    async promoCheck(orderNumber: string, code: string) {
      await requireOrder(orderNumber);
      const promo = await usablePromo(code);
      return { code: promo?.code ?? code, percentOff: promo?.percent_off ?? 0 };
    },
  };
}
export type CatalogService = ReturnType<typeof catalogService>;
