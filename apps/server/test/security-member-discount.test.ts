import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyTier, get, ownerGet, ownerPost } from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

type Pkg = { packageId: string; memberPercentOff: number; price: { amount: number; listAmount: number } };

/**
 * Issue 13, "Discount and VIP by unverified address": a Basic buyer who typed a Complete buyer's (or a VIP
 * member's) address got their 20% member discount. Benefits now follow an address proven by a followed
 * e-mail link, or what the order bought itself.
 */
describe.each(dialects())('member benefits follow proven addresses, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** The extras as the buyer's own browser sees them (its cookie, no e-mailed link). */
  const inBrowser = async (order: string) =>
    (await ownerGet(t, `/api/exam/extra/package/list/${order}?hl=en`, order)).json().data.packages as Pkg[];
  const viaLink = async (order: string, token: string) =>
    (await get(t, `/api/exam/extra/package/list/${order}?token=${token}&hl=en`)).json().data.packages as Pkg[];
  const analysis = (list: Pkg[]) => list.find((p) => p.packageId === 'answerAnalysis') as Pkg;

  it("a sku1 buyer using a sku4 buyer's address gets no discount; the address's owner does, once proven", async () => {
    const member = await buyTier(t, 'sku4', 'gold@example.com');
    // The member proves the address by opening the e-mailed link.
    expect((await get(t, `/api/exam/order/info/${member.order}?token=${member.token}`)).statusCode).toBe(200);

    const borrower = await buyTier(t, 'sku1', 'gold@example.com');
    const offer = analysis(await inBrowser(borrower.order));
    expect([offer.memberPercentOff, offer.price.amount]).toEqual([0, offer.price.listAmount]);
    const charged = await ownerPost(t, '/api-pay/secondPhase/pay/wrongQuestion', {
      orderNumber: borrower.order,
      hl: 'en',
    });
    expect(charged.json().data.payment.amount).toBe(offer.price.listAmount);

    // The address's owner opens the report e-mailed to it: the same kind of order now has the discount.
    const later = await buyTier(t, 'sku1', 'gold@example.com');
    const proven = analysis(await viaLink(later.order, later.token));
    expect([proven.memberPercentOff, proven.price.amount]).toEqual([20, Math.round(proven.price.listAmount * 0.8)]);
  });

  it("a typed address borrows nobody's VIP membership; the order that bought it keeps it", async () => {
    const vip = await buyTier(t, 'sku1', 'vip-owner@example.com');
    const bought = await ownerPost(t, '/api-pay/vip/pay/create', { orderNumber: vip.order, hl: 'en' });
    expect(bought.json().data.payment.status).toBe('succeeded');
    expect(analysis(await inBrowser(vip.order)).memberPercentOff).toBe(20);

    const borrower = await buyTier(t, 'sku1', 'vip-owner@example.com');
    const status = (await ownerGet(t, `/api/vip/pay/status/${borrower.order}`, borrower.order)).json().data;
    expect(status.vip).toBe(false);
    expect(analysis(await inBrowser(borrower.order)).memberPercentOff).toBe(0);
  });
});
