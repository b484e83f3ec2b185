import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, paidReadyOrder } from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

describe.each(dialects())('order numbers people can read aloud and type, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('issues MG + seven groups of four Crockford characters and finds the order however it is typed', async () => {
    const order = await paidReadyOrder(t);
    expect(order).toMatch(/^MG(-[0-9A-HJKMNP-TV-Z]{4}){7}$/);
    const canonical = (await get(t, `/api/exam/order/sku/check/${order}`)).json().data;
    const typed = order.toLowerCase().replaceAll('-', '').replaceAll('0', 'o').replaceAll('1', 'l');
    const res = await get(t, `/api/exam/order/sku/check/${typed}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(canonical);
  });

  it('refuses a number with one wrong character (400) before looking it up', async () => {
    const order = await paidReadyOrder(t);
    const i = order.length - 3;
    const typo = order.slice(0, i) + (order[i] === 'A' ? 'B' : 'A') + order.slice(i + 1);
    const res = await get(t, `/api/exam/order/sku/check/${typo}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('still finds an order numbered before the readable form (MG + 22 base64url characters)', async () => {
    const order = await paidReadyOrder(t);
    const legacy = 'MGq-3_AbCdEfGhIjKlMnOpQr';
    await t.deps.db.kysely
      .updateTable('exam_orders')
      .set({ order_number: legacy })
      .where('order_number', '=', order)
      .execute();
    const res = await get(t, `/api/exam/order/sku/check/${legacy}`);
    expect(res.statusCode, res.body).toBe(200);
    // The old form is case-sensitive (base64url): another case is another (unknown) number.
    expect((await get(t, `/api/exam/order/sku/check/${legacy.toUpperCase()}`)).statusCode).toBe(404);
  });
});
