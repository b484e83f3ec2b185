import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBody, get, ownerPost, paidReadyOrder, shownPrice } from './checkout-helpers';
import { operatorCookie } from './console-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

let ipCounter = 0;
const freshIp = () => `10.21.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe.each(dialects())('the catalogue: orders keep their prices, the console edits them, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      remoteAddress: freshIp(),
      ...(payload !== undefined ? { payload: payload as object } : {}),
      headers: { cookie: `IQ-token=${cookie}` },
    });
  const codeOf = (res: LightMyRequestResponse) => [res.statusCode, res.json().code];

  /** An operator signed in (one-time link) with the second factor passed. */
  const operator = (email: string) => operatorCookie(t, email, freshIp);

  const auditRows = (action: string) =>
    t.deps.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

  it('an order pays the price it was shown; after a change, a new order is shown and pays the new one', async () => {
    const cookie = await operator('prices@example.com');
    const before = await paidReadyOrder(t);
    const old = await shownPrice(t, before, 'sku2', 'GB');
    // The offer started when the price list was shown: GBP 12.99 (list 24.99).
    expect(old).toMatchObject({ currency: 'GBP', amount: 1299 });

    const changed = await call('POST', '/api/console/catalogue/price', cookie, {
      examId: 1799,
      skuId: 'sku2',
      country: 'gb',
      listMinor: 2799,
      offerMinor: 1499,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toEqual({
      examId: 1799,
      skuId: 'sku2',
      country: 'GB',
      currency: 'GBP',
      listMinor: 2799,
      offerMinor: 1499,
    });

    // The operator's preview shows the change for a new visitor from there, during the offer and after it.
    const preview = (await call('GET', '/api/console/catalogue/preview/1799/gb/fr', cookie)).json().data;
    expect(preview).toMatchObject({ country: 'GB', currency: 'GBP' });
    expect(preview.duringOffer[1]).toMatchObject({ skuId: 'sku2', price: { amount: 1499, listAmount: 2799 } });
    expect(preview.afterOffer[1].price).toMatchObject({ amount: 2799, offer: false });
    // In the visitor's language, from the same texts as the visitor's list.
    const visitorFr = (await get(t, '/api/exam/sku/list/1799/GB/fr')).json().data;
    expect(preview.afterOffer.map((s: { title: string }) => s.title)).toEqual(
      visitorFr.skus.map((s: { title: string }) => s.title),
    );
    // A visitor's price list (no order) shows the new list price at once; the old order still its own.
    const visitor = (await get(t, '/api/exam/sku/list/1799/GB/en')).json().data;
    expect(visitor.skus[1].price).toMatchObject({ currency: 'GBP', amount: 2799 });
    expect(await shownPrice(t, before, 'sku2', 'GB')).toMatchObject({ amount: 1299 });

    // The order made before the change pays the price it was shown.
    const paid = await ownerPost(
      t,
      '/api-pay/pay/order/create',
      createBody(before, old, { country: 'GB', checkoutKey: 'old_price_key_0123' }),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = await t.deps.db.kysely
      .selectFrom('payments')
      .select(['amount_minor', 'currency'])
      .where('order_number', '=', before)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ amount_minor: 1299, currency: 'GBP' });

    // A new order is shown the new offer price and cannot pay the old one.
    const after = await paidReadyOrder(t);
    const fresh = await shownPrice(t, after, 'sku2', 'GB');
    expect(fresh).toMatchObject({ currency: 'GBP', amount: 1499 });
    const stale = await ownerPost(
      t,
      '/api-pay/pay/order/create',
      createBody(after, old, { country: 'GB', checkoutKey: 'stale_price_key_01' }),
    );
    expect(codeOf(stale)).toEqual([409, 'PRICE_CHANGED']);
    const ok = await ownerPost(
      t,
      '/api-pay/pay/order/create',
      createBody(after, fresh, { country: 'GB', checkoutKey: 'new_price_key_0123' }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.payment.amount).toBe(1499);

    const rows = await auditRows('catalogue.price');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_email: 'prices@example.com', target: 'price:1799:sku2:GB' });
    expect(JSON.parse(rows[0]?.before_json ?? '')).toMatchObject({ listMinor: 2499, offerMinor: 1299 });
    expect(JSON.parse(rows[0]?.after_json ?? '')).toMatchObject({ listMinor: 2799, offerMinor: 1499 });
    // Saving the same prices again changes nothing, so it writes no row.
    const again = await call('POST', '/api/console/catalogue/price', cookie, {
      examId: 1799,
      skuId: 'sku2',
      country: 'GB',
      listMinor: 2799,
      offerMinor: 1499,
    });
    expect(again.statusCode).toBe(200);
    expect(await auditRows('catalogue.price')).toHaveLength(1);
  });

  it("another test's price list asked with an order neither copies nor replaces the order's own prices", async () => {
    const cookie = await operator('two-exams@example.com');
    const order = await paidReadyOrder(t);
    // The personality tiers made cheaper in Australia, then asked for with this IQ order first.
    const cheap = { examId: 1800, skuId: 'sku2', country: 'AU', listMinor: 100, offerMinor: 100 };
    expect((await call('POST', '/api/console/catalogue/price', cookie, cheap)).statusCode).toBe(200);
    const other = await get(t, `/api/exam/sku/info/1800/sku2/AU/en?order=${order}`);
    expect(other.json().data.sku.price.amount).toBe(100);
    const own = await shownPrice(t, order, 'sku2', 'AU');
    expect(own).toMatchObject({ currency: 'AUD', amount: 2299 });
    const kept = await t.deps.db.kysely
      .selectFrom('order_prices')
      .select(['sku_id', 'offer_minor'])
      .where('order_number', '=', order)
      .orderBy('sku_id')
      .execute();
    expect(kept.map((r) => r.sku_id)).toEqual(['sku1', 'sku2', 'sku3', 'sku4']);
    expect(kept[1]?.offer_minor).toBe(2299);
  });

  it('copies the shown prices once, however many first views arrive together', async () => {
    const order = await paidReadyOrder(t);
    const shown = await Promise.all(Array.from({ length: 8 }, () => shownPrice(t, order, 'sku1', 'CA')));
    expect(new Set(shown.map((p) => p.amount)).size).toBe(1);
    const kept = await t.deps.db.kysely
      .selectFrom('order_prices')
      .selectAll()
      .where('order_number', '=', order)
      .execute();
    expect(kept.map((r) => `${r.country}:${r.sku_id}`).sort()).toEqual(['CA:sku1', 'CA:sku2', 'CA:sku3', 'CA:sku4']);
  });

  it('lists tiers per exam and country and the plan prices; refuses prices a visitor could not be shown', async () => {
    const cookie = await operator('lister@example.com');
    const cat = (await call('GET', '/api/console/catalogue', cookie)).json().data;
    const jp = cat.tiers.filter((r: { country: string; examId: number }) => r.country === 'JP' && r.examId === 1799);
    expect(jp.map((r: { skuId: string }) => r.skuId)).toEqual(['sku1', 'sku2', 'sku3', 'sku4']);
    expect(jp[0]).toMatchObject({ currency: 'JPY', listMinor: 150_000, offerMinor: 78_000 });
    // The personality test sells its own two tiers.
    const personality = cat.tiers.filter((r: { country: string; examId: number }) => r.examId === 1800);
    expect(new Set(personality.map((r: { skuId: string }) => r.skuId))).toEqual(new Set(['sku1', 'sku2']));
    expect(cat.plans.length).toBeGreaterThan(0);
    expect(cat.plans[0]).toMatchObject({ currency: expect.any(String), amountMinor: expect.any(Number) });
    expect(cat.offerMinutes).toBe(15);

    const body = { examId: 1799, skuId: 'sku1', country: 'JP', listMinor: 150_000, offerMinor: 78_000 };
    const cents = await call('POST', '/api/console/catalogue/price', cookie, { ...body, offerMinor: 78_050 });
    expect(codeOf(cents)).toEqual([400, 'PRICE_MINOR_UNITS']);
    const above = await call('POST', '/api/console/catalogue/price', cookie, { ...body, offerMinor: 160_000 });
    expect(codeOf(above)).toEqual([400, 'OFFER_ABOVE_LIST']);
    for (const bad of [{ listMinor: 0 }, { listMinor: 1.5 }, { listMinor: 2_000_000_000 }, { skuId: 'sku9' }]) {
      const res = await call('POST', '/api/console/catalogue/price', cookie, { ...body, ...bad });
      expect(codeOf(res), JSON.stringify(bad)).toEqual([400, 'VALIDATION_FAILED']);
    }
    const nowhere = await call('POST', '/api/console/catalogue/price', cookie, { ...body, country: 'ZZ' });
    expect(codeOf(nowhere)).toEqual([404, 'PRICE_NOT_FOUND']);
    const noTier = await call('POST', '/api/console/catalogue/price', cookie, { ...body, examId: 1800, skuId: 'sku3' });
    expect(codeOf(noTier)).toEqual([404, 'PRICE_NOT_FOUND']);
    // A refused change writes no audit row.
    const rows = await auditRows('catalogue.price');
    expect(rows.filter((r) => r.target.includes(':JP') || r.target.includes(':ZZ'))).toEqual([]);
    const fr = await t.app.inject({
      method: 'POST',
      url: '/api/console/catalogue/price',
      remoteAddress: freshIp(),
      payload: { ...body, offerMinor: 160_000 },
      headers: { cookie: `IQ-token=${cookie}`, 'accept-language': 'fr' },
    });
    expect(fr.json().message).toBe("Le prix de l'offre ne peut pas dépasser le prix normal.");
  });

  it('a new offer length applies to orders whose offer starts later; one audit row', async () => {
    const cookie = await operator('offer@example.com');
    const started = await paidReadyOrder(t);
    await shownPrice(t, started, 'sku1');
    const deadlineOf = async (order: string) =>
      (
        await t.deps.db.kysely
          .selectFrom('exam_orders')
          .select('offer_deadline_at')
          .where('order_number', '=', order)
          .executeTakeFirstOrThrow()
      ).offer_deadline_at;
    const oldDeadline = await deadlineOf(started);
    expect(oldDeadline).toBe(t.clock.now() + 15 * 60_000);

    const set = await call('POST', '/api/console/catalogue/offer', cookie, { minutes: 45 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ offerMinutes: 45 });
    expect(codeOf(await call('POST', '/api/console/catalogue/offer', cookie, { minutes: 0 }))).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    const later = await paidReadyOrder(t);
    await shownPrice(t, later, 'sku1');
    expect(await deadlineOf(later)).toBe(t.clock.now() + 45 * 60_000);
    await shownPrice(t, started, 'sku1');
    expect(await deadlineOf(started)).toBe(oldDeadline);
    expect((await call('GET', '/api/console/catalogue', cookie)).json().data.offerMinutes).toBe(45);

    const rows = await auditRows('catalogue.offer');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.before_json ?? '')).toEqual({ offerMinutes: 15 });
    expect(JSON.parse(rows[0]?.after_json ?? '')).toEqual({ offerMinutes: 45 });
    // Put back for the other tests of this worker's app.
    await call('POST', '/api/console/catalogue/offer', cookie, { minutes: 15 });
  });
});
