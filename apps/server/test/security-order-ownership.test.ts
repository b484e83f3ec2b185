import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyTier,
  createBody,
  deliverMail,
  get,
  ownerPost,
  paidReadyOrder,
  payInFrame,
  planBody,
  planPrice,
  post,
  readerCookie,
  reportToken,
  shownPrice,
} from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

const consent = { terms: true, termsVersion: '1', privacyVersion: '1' };

/**
 * Issue 13, critical: an order number is public (printed on PDFs, certificates, receipts, in URLs), so it
 * must never be enough to take over an order, read its personal data, or charge its saved card.
 */
describe.each(dialects())('an order number alone takes nothing over, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const emailOf = async (order: string) =>
    (
      await t.deps.db.kysely
        .selectFrom('exam_orders')
        .select('email')
        .where('order_number', '=', order)
        .executeTakeFirstOrThrow()
    ).email;
  const changeMails = () =>
    t.deps.db.kysely.selectFrom('mail_outbox').selectAll().where('template', '=', 'emailChangeConfirm').execute();

  it('a stranger cannot set the e-mail of an unpaid or a paid order', async () => {
    const pending = await paidReadyOrder(t);
    const body = { orderNumber: pending, email: 'attacker@example.com', consent, hl: 'en' };
    const refused = await post(t, '/api/exam/order/update/email', body);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'ORDER_ACCESS_DENIED']);
    expect(await emailOf(pending)).toBeNull();
    // A forged token is no better than none.
    const forged = await post(t, '/api/exam/order/update/email', { ...body, token: 'zzzzzz.abc' });
    expect(forged.statusCode).toBe(403);

    const { order } = await buyTier(t, 'sku2', 'owner@example.com');
    const taken = await post(t, '/api/exam/order/update/email', { ...body, orderNumber: order });
    expect([taken.statusCode, taken.json().code]).toEqual([403, 'ORDER_ACCESS_DENIED']);
    expect(await emailOf(order)).toBe('owner@example.com');
  });

  it('the owner sets it freely before payment; once paid, the old address confirms the change first', async () => {
    const pending = await paidReadyOrder(t);
    const set = await ownerPost(t, '/api/exam/order/update/email', {
      orderNumber: pending,
      email: 'First@Example.com',
      consent,
      hl: 'en',
    });
    expect(set.json().data).toEqual({ orderNumber: pending, email: 'first@example.com', confirmationSent: false });

    const { order, token } = await buyTier(t, 'sku2', 'old@example.com');
    const before = (await changeMails()).length;
    // The report link's holder is an owner too: the change waits for the old address.
    const asked = await post(t, '/api/exam/order/update/email', {
      orderNumber: order,
      email: 'new@example.com',
      consent,
      hl: 'en',
      token,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toEqual({ orderNumber: order, email: 'old@example.com', confirmationSent: true });
    expect(await emailOf(order)).toBe('old@example.com');
    const mail = (await changeMails()).slice(before);
    expect(mail.map((m) => m.to_address)).toEqual(['old@example.com']);
    const link = new URL(JSON.parse(mail[0]?.payload ?? '{}').confirmUrl);
    expect(link.searchParams.get('emailChange')).toBe('new@example.com');
    const confirm = link.searchParams.get('confirm') ?? '';
    await deliverMail(t);
    const sent = await t.deps.db.kysely
      .selectFrom('local_mailbox')
      .selectAll()
      .where('to_address', '=', 'old@example.com')
      .execute();
    expect(sent.some((m) => m.text.includes('new@example.com') && m.text.includes(order))).toBe(true);

    // The token confirms this change only: not another address, not another order.
    const other = await post(t, '/api/exam/order/update/email/confirm', {
      orderNumber: order,
      email: 'attacker@example.com',
      confirm,
    });
    expect([other.statusCode, other.json().code]).toEqual([403, 'EMAIL_CHANGE_LINK_INVALID']);
    const elsewhere = await post(t, '/api/exam/order/update/email/confirm', {
      orderNumber: pending,
      email: 'new@example.com',
      confirm,
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(await emailOf(order)).toBe('old@example.com');

    const done = await post(t, '/api/exam/order/update/email/confirm', {
      orderNumber: order,
      email: 'new@example.com',
      confirm,
    });
    expect(done.json().data).toEqual({ orderNumber: order, email: 'new@example.com' });
    expect(await emailOf(order)).toBe('new@example.com');
  });

  it('a confirmation link expires', async () => {
    const { order } = await buyTier(t, 'sku2', 'slow@example.com');
    await ownerPost(t, '/api/exam/order/update/email', {
      orderNumber: order,
      email: 'x@example.com',
      consent,
      hl: 'en',
    });
    const mail = (await changeMails()).find((m) => m.to_address === 'slow@example.com');
    const confirm = new URL(JSON.parse(mail?.payload ?? '{}').confirmUrl).searchParams.get('confirm') ?? '';
    t.clock.advance(25 * 3_600_000);
    const late = await post(t, '/api/exam/order/update/email/confirm', {
      orderNumber: order,
      email: 'x@example.com',
      confirm,
    });
    expect(late.json().code).toBe('EMAIL_CHANGE_LINK_INVALID');
    expect(await emailOf(order)).toBe('slow@example.com');
  });

  it("the checkout state shows the address and the plan to the order's owner only", async () => {
    const { order, token } = await buyTier(t, 'sku2', 'private@example.com');
    const stranger = (await get(t, `/api/exam/order/sku/check/${order}`)).json().data;
    expect(stranger).toMatchObject({ orderNumber: order, status: 'paid', email: null, subscription: null });
    expect(JSON.stringify(stranger)).not.toContain('private@example.com');
    const byCookie = await t.app.inject({
      method: 'GET',
      url: `/api/exam/order/sku/check/${order}`,
      cookies: await readerCookie(t, order),
    });
    expect(byCookie.json().data.email).toBe('private@example.com');
    const byLink = (await get(t, `/api/exam/order/sku/check/${order}?token=${token}`)).json().data;
    expect(byLink.email).toBe('private@example.com');
  });

  it("a stranger cannot pay an order (which would send its report to the stranger's address)", async () => {
    const order = await paidReadyOrder(t);
    const price = await shownPrice(t, order, 'sku2');
    const paid = await post(t, '/api-pay/pay/order/create', createBody(order, price, { email: 'thief@example.com' }));
    expect([paid.statusCode, paid.json().code]).toEqual([403, 'ORDER_ACCESS_DENIED']);
    const plan = await post(
      t,
      '/api-pay/pay/plan/create',
      planBody(order, 'weekly', await planPrice(t, 'weekly'), { email: 'thief@example.com' }),
    );
    expect(plan.statusCode).toBe(403);
    expect(await emailOf(order)).toBeNull();
    const rows = await t.deps.db.kysely.selectFrom('payments').select('id').where('order_number', '=', order).execute();
    expect(rows).toHaveLength(0);
  });

  it('charges the kept card in one click only in the browser that paid; a link goes through the processor', async () => {
    const { order, token } = await buyTier(t, 'sku1', 'clicks@example.com');
    const viaLink = (await get(t, `/api/secondPhase/order/${order}?token=${token}&hl=en`)).json().data;
    expect(viaLink.savedMethod).toBeNull();
    const linkBuy = await post(t, '/api-pay/secondPhase/pay/wrongQuestion', { orderNumber: order, token, hl: 'en' });
    expect(linkBuy.statusCode, linkBuy.body).toBe(200);
    expect(linkBuy.json().data.next.type).toBe('frame');
    expect(linkBuy.json().data.payment.status).not.toBe('succeeded');
    expect(linkBuy.json().data.entitlements).not.toContain('answerAnalysis');

    const cookies = await readerCookie(t, order);
    const inBrowser = await t.app.inject({ method: 'GET', url: `/api/secondPhase/order/${order}?hl=en`, cookies });
    expect(inBrowser.json().data.savedMethod).toEqual({ kind: 'card', label: 'visa •••• 4242' });
    const clicked = await t.app.inject({
      method: 'POST',
      url: '/api-pay/secondPhase/pay/skuPackage',
      payload: { orderNumber: order, packageId: 'advancedBundle', hl: 'en' },
      cookies,
    });
    expect(clicked.json().data.payment.status).toBe('succeeded');
    expect(clicked.json().data.next.type).toBe('none');
  });

  it('skipping a trial (a charge on the kept card) is refused from a link, done in the paying browser', async () => {
    const order = await paidReadyOrder(t);
    const created = await ownerPost(
      t,
      '/api-pay/pay/plan/create',
      planBody(order, 'weekly', await planPrice(t, 'weekly'), { email: 'trial@example.com' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { payment, next } = created.json().data;
    await payInFrame(t, next.url, '4242424242424242');
    await post(t, '/api-pay/pay/check/status', { orderNumber: order, paymentId: payment.paymentId });
    const token = await reportToken(t, order);
    const skip = { orderNumber: order, planId: 'weekly', hl: 'en' };
    const viaLink = await post(t, '/api-pay/secondPhase/pay/planSku', { ...skip, token });
    expect([viaLink.statusCode, viaLink.json().code]).toEqual([403, 'ONE_CLICK_NOT_ALLOWED']);
    const steps = (await get(t, `/api/secondPhase/order/${order}?token=${token}&hl=en`)).json().data.steps;
    expect(steps[0]).toMatchObject({ step: 'skipTrial', offered: false });
    const inBrowser = await ownerPost(t, '/api-pay/secondPhase/pay/planSku', skip);
    expect(inBrowser.statusCode, inBrowser.body).toBe(200);
    expect(inBrowser.json().data.subscription.status).toBe('active');
  });

  it('VIP status and gift redemption need the order, not its number', async () => {
    const { order, token } = await buyTier(t, 'sku4', 'vip@example.com');
    expect((await get(t, `/api/vip/pay/status/${order}`)).json().code).toBe('REPORT_ACCESS_DENIED');
    expect((await get(t, `/api/vip/pay/status/${order}?token=${token}`)).statusCode).toBe(200);

    const gift = await ownerPost(t, '/api-pay/secondPhase/pay/presentedExam', { orderNumber: order, hl: 'en' });
    expect(gift.json().data.payment.status).toBe('succeeded');
    const code = (await get(t, `/api/exam/order/presenter/list/${order}?token=${token}`)).json().data.gifts[0].code;
    const recipient = await paidReadyOrder(t);
    const stranger = await post(t, '/api/exam/gift/redeem', { orderNumber: recipient, code });
    expect([stranger.statusCode, stranger.json().code]).toEqual([403, 'ORDER_ACCESS_DENIED']);
    const own = await ownerPost(t, '/api/exam/gift/redeem', { orderNumber: recipient, code });
    expect(own.json().data).toMatchObject({ orderNumber: recipient, status: 'paid' });
  });
});
