import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyTier,
  get,
  mails,
  ownerGet,
  ownerPost,
  paidReadyOrder,
  payInFrame,
  planBody,
  planPrice,
  post,
  reportToken,
} from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

describe.each(dialects())(
  'extras after the first payment: upsell steps, gifts, VIP, skipping the trial, on %s',
  (dialect) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, { env: { TRUST_PROXY: '1' } });
    });
    afterAll(() => t.close());

    const buy = (skuId: string, email: string) => buyTier(t, skuId, email);

    const extraPayments = (order: string) =>
      t.deps.db.kysely
        .selectFrom('payments')
        .selectAll()
        .where('order_number', '=', order)
        .where('package_id', 'is not', null)
        .execute();

    it('lists the steps of a Basic order: every extra offered, no trial to skip, the kept card named', async () => {
      const { order, token } = await buy('sku1', 'steps@example.com');
      const res = await ownerGet(t, `/api/secondPhase/order/${order}?token=${token}&hl=en`, order);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.steps.map((s: { step: string; offered: boolean }) => [s.step, s.offered])).toEqual([
        ['skipTrial', false],
        ['answerAnalysis', true],
        ['assessmentShares', true],
        ['advancedBundle', true],
        ['memberExclusive', true],
        ['accessProduct', true],
      ]);
      expect(data.savedMethod).toEqual({ kind: 'card', label: 'visa •••• 4242' });
      expect(data.steps[1].package).toMatchObject({
        title: 'Answer analysis',
        price: { currency: 'USD', amount: 499 },
      });
      const step = await get(t, '/api/secondPhase/sku/package/1799/answerAnalysis/FR?hl=fr');
      expect(step.json().data.package.price.currency).toBe('EUR');
      // A stranger with the order number but no link or cookie sees nothing and buys nothing.
      expect((await get(t, `/api/secondPhase/order/${order}`)).statusCode).toBe(403);
      const stranger = await post(t, '/api-pay/secondPhase/pay/wrongQuestion', { orderNumber: order, hl: 'en' });
      expect(stranger.statusCode).toBe(403);
      expect(await extraPayments(order)).toHaveLength(0);
    });

    it('answer analysis in one click on the kept card unlocks the wrong-answer view; a double click charges once', async () => {
      const { order, token } = await buy('sku1', 'analysis@example.com');
      const before = await get(t, `/api/exam/order/questions/${order}?token=${token}`);
      expect(before.statusCode).toBe(403);
      expect(before.json().code).toBe('NOT_IN_TIER');
      const clicks = await Promise.all(
        Array.from({ length: 8 }, () =>
          ownerPost(t, '/api-pay/secondPhase/pay/wrongQuestion', { orderNumber: order, token, hl: 'en' }),
        ),
      );
      for (const c of clicks) expect(c.statusCode, c.body).toBeLessThan(500);
      const answered = clicks.filter((c) => c.statusCode === 200);
      expect(answered.length).toBeGreaterThan(0);
      // Every click that got an answer tells the same, settled, truth: none says "still processing".
      for (const c of answered) {
        expect(c.json().data).toMatchObject({
          payment: { status: 'succeeded', packageId: 'answerAnalysis', amount: 499 },
          next: { type: 'none' },
        });
      }
      const ok = answered[0];
      expect(ok?.json().data.entitlements).toContain('answerAnalysis');
      const made = await extraPayments(order);
      expect(made).toHaveLength(1);
      const atProcessor = await t.deps.db.kysely
        .selectFrom('sandbox_payments')
        .selectAll()
        .where('idempotency_key', '=', made[0]?.id ?? '')
        .execute();
      expect(atProcessor).toHaveLength(1);
      expect(await mails(t, 'extraReceipt', 'analysis@example.com')).toHaveLength(1);
      const after = await get(t, `/api/exam/order/questions/${order}?token=${token}`);
      expect(after.statusCode, after.body).toBe(200);
      const again = await ownerPost(t, '/api-pay/secondPhase/pay/skuPackage', {
        orderNumber: order,
        packageId: 'answerAnalysis',
        token,
        hl: 'en',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('PACKAGE_OWNED');
    });

    it('a declined one-click charge unlocks nothing; after the card works again a new attempt succeeds', async () => {
      const { order, token } = await buy('sku1', 'declined@example.com');
      // The card kept by the processor from this order's own payment.
      const method = await t.deps.db.kysely
        .selectFrom('exam_orders')
        .innerJoin('payments', 'payments.id', 'exam_orders.paid_payment_id')
        .innerJoin('sandbox_payments', 'sandbox_payments.id', 'payments.provider_ref')
        .select('sandbox_payments.payment_method_id as id')
        .where('exam_orders.order_number', '=', order)
        .executeTakeFirstOrThrow();
      const methodId = method.id ?? '';
      expect(methodId).toMatch(/^pm_/);
      await t.checkout.processor.setMethodFailing(methodId, true);
      const failed = await ownerPost(t, '/api/exam/extra/order/submit', {
        orderNumber: order,
        packageId: 'advancedBundle',
        token,
        hl: 'en',
      });
      expect(failed.json().data.payment).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
      expect(failed.json().data.entitlements).not.toContain('brainTests');
      await t.checkout.processor.setMethodFailing(methodId, false);
      const retried = await ownerPost(t, '/api/exam/extra/order/submit', {
        orderNumber: order,
        packageId: 'advancedBundle',
        token,
        hl: 'en',
      });
      expect(retried.json().data.payment.status).toBe('succeeded');
      expect(retried.json().data.entitlements).toEqual(expect.arrayContaining(['brainTests', 'trainingGuide']));
      expect((await extraPayments(order)).map((p) => p.status)).toEqual(['failed', 'succeeded']);
    });

    it('a presented exam makes a gift code another person redeems once, for a paid report of their own', async () => {
      const { order, token } = await buy('sku2', 'giver@example.com');
      const bought = await ownerPost(t, '/api-pay/secondPhase/pay/presentedExam', {
        orderNumber: order,
        token,
        hl: 'en',
      });
      expect(bought.json().data.payment.status).toBe('succeeded');
      const gifts = (await get(t, `/api/exam/order/presenter/list/${order}?token=${token}`)).json().data.gifts;
      expect(gifts).toHaveLength(1);
      expect(gifts[0].url).toContain(`gift=${gifts[0].code}`);
      expect(gifts[0].redeemed).toBe(false);

      const friend = await paidReadyOrder(t);
      await ownerPost(t, '/api/exam/order/update/email', {
        orderNumber: friend,
        email: 'friend@example.com',
        consent: { terms: true, termsVersion: '1', privacyVersion: '1' },
        hl: 'en',
      });
      const redeemed = await ownerPost(t, '/api/exam/gift/redeem', { orderNumber: friend, code: gifts[0].code });
      expect(redeemed.json().data).toMatchObject({ status: 'paid', skuId: 'sku2' });
      expect(
        (await ownerPost(t, '/api/exam/gift/redeem', { orderNumber: friend, code: gifts[0].code })).statusCode,
      ).toBe(200);
      const other = await paidReadyOrder(t);
      const used = await ownerPost(t, '/api/exam/gift/redeem', { orderNumber: other, code: gifts[0].code });
      expect(used.json().code).toBe('GIFT_CODE_USED');
      const unknown = await ownerPost(t, '/api/exam/gift/redeem', { orderNumber: other, code: 'A'.repeat(22) });
      expect(unknown.json().code).toBe('GIFT_CODE_INVALID');
      const mail = await mails(t, 'giftRedeemed', 'friend@example.com');
      expect(mail).toHaveLength(1);
      // A gift's report is a report like any other: its reader may send its link to another address.
      const copy = await post(t, '/api/exam/order/report/send', {
        orderNumber: friend,
        email: 'friend.work@example.com',
        hl: 'en',
        token: await reportToken(t, friend),
      });
      expect(copy.json().data).toEqual({ sent: true });
      expect(
        (await get(t, `/api/exam/order/presenter/list/${order}?token=${token}`)).json().data.gifts[0].redeemed,
      ).toBe(true);
    });

    it('members pay 20% less for extras: a Complete order, later orders of its address, VIP members; others pay the list price', async () => {
      type Pkg = { packageId: string; memberPercentOff: number; price: { amount: number; listAmount: number } };
      const packages = async (order: string, token: string) =>
        (await get(t, `/api/exam/extra/package/list/${order}?token=${token}&hl=en`)).json().data.packages as Pkg[];
      const pick = (list: Pkg[], id: string) => list.find((p) => p.packageId === id) as Pkg;

      const stranger = await buy('sku1', 'list-price@example.com');
      const full = pick(await packages(stranger.order, stranger.token), 'answerAnalysis');
      expect([full.memberPercentOff, full.price.amount]).toEqual([0, full.price.listAmount]);

      // The Complete tier's "20% off for good": its own extras, charged at the price shown.
      const complete = await buy('sku4', 'member@example.com');
      const vipOffer = pick(await packages(complete.order, complete.token), 'vip');
      expect(vipOffer.memberPercentOff).toBe(20);
      expect(vipOffer.price.amount).toBe(Math.round(vipOffer.price.listAmount * 0.8));
      const bought = await ownerPost(t, '/api-pay/vip/pay/create', {
        orderNumber: complete.order,
        token: complete.token,
        hl: 'en',
      });
      expect(bought.json().data.payment.status, bought.body).toBe('succeeded');
      expect((await extraPayments(complete.order)).map((p) => p.amount_minor)).toEqual([vipOffer.price.amount]);

      // A later report bought with the same address keeps it.
      const later = await buy('sku1', 'member@example.com');
      const analysis = pick(await packages(later.order, later.token), 'answerAnalysis');
      expect([analysis.memberPercentOff, analysis.price.amount]).toEqual([20, Math.round(full.price.listAmount * 0.8)]);
      const charged = await ownerPost(t, '/api-pay/secondPhase/pay/wrongQuestion', {
        orderNumber: later.order,
        token: later.token,
        hl: 'en',
      });
      expect(charged.json().data.payment.status, charged.body).toBe('succeeded');
      expect((await extraPayments(later.order)).map((p) => p.amount_minor)).toEqual([analysis.price.amount]);

      // A VIP member (bought on a Basic report) gets it while the year runs.
      const vip = await buy('sku1', 'vip-discount@example.com');
      expect(pick(await packages(vip.order, vip.token), 'presentedExam').memberPercentOff).toBe(0);
      await ownerPost(t, '/api-pay/vip/pay/create', { orderNumber: vip.order, token: vip.token, hl: 'en' });
      expect(pick(await packages(vip.order, vip.token), 'presentedExam').memberPercentOff).toBe(20);
    });

    it('VIP: a year of membership with its privileges, told by e-mail', async () => {
      const { order, token } = await buy('sku2', 'vip@example.com');
      expect((await get(t, `/api/vip/pay/status/${order}?token=${token}`)).json().data.vip).toBe(false);
      const res = await ownerPost(t, '/api-pay/vip/pay/create', { orderNumber: order, token, hl: 'en' });
      expect(res.json().data.payment.status).toBe('succeeded');
      const status = (await get(t, `/api/vip/pay/status/${order}?token=${token}`)).json().data;
      expect(status).toMatchObject({ vip: true, privileges: ['discount', 'allExtras', 'prioritySupport'] });
      expect(Date.parse(status.until) - Date.parse(status.since)).toBe(365 * 86_400_000);
      const [mail] = await mails(t, 'extraReceipt', 'vip@example.com');
      expect(JSON.parse(mail?.payload ?? '{}').vipUntil).toBe(Date.parse(status.until));
      const step = (await ownerGet(t, `/api/secondPhase/order/${order}?token=${token}`, order)).json().data.steps[4];
      expect(step).toMatchObject({ step: 'memberExclusive', offered: false });
    });

    it('skip the trial: the weekly price at once, once; moving to the daily-rate plan charges at once', async () => {
      async function trial(email: string) {
        const order = await paidReadyOrder(t);
        const created = await ownerPost(
          t,
          '/api-pay/pay/plan/create',
          planBody(order, 'weekly', await planPrice(t, 'weekly'), { email }),
        );
        await payInFrame(t, created.json().data.next.url, '4242424242424242');
        await post(t, '/api-pay/pay/check/status', { orderNumber: order });
        return { order, token: await reportToken(t, order) };
      }
      const a = await trial('skip@example.com');
      const steps = (await ownerGet(t, `/api/secondPhase/order/${a.order}?token=${a.token}`, a.order)).json().data
        .steps;
      expect(steps[0]).toMatchObject({ step: 'skipTrial', offered: true, plan: { planId: 'weekly' } });
      const [first, second] = await Promise.all([
        ownerPost(t, '/api-pay/secondPhase/pay/planSku', {
          orderNumber: a.order,
          planId: 'weekly',
          token: a.token,
          hl: 'en',
        }),
        ownerPost(t, '/api-pay/secondPhase/pay/planSku', {
          orderNumber: a.order,
          planId: 'weekly',
          token: a.token,
          hl: 'en',
        }),
      ]);
      expect([first?.statusCode, second?.statusCode]).toContain(200);
      const sub = await t.deps.db.kysely
        .selectFrom('subscriptions')
        .selectAll()
        .where('order_number', '=', a.order)
        .executeTakeFirstOrThrow();
      expect(sub).toMatchObject({ status: 'active', period_no: 1, current_period_start: t.clock.now() });
      const charges = await t.deps.db.kysely
        .selectFrom('subscription_charges')
        .selectAll()
        .where('subscription_id', '=', sub.id)
        .execute();
      expect(charges.map((c) => [c.amount_minor, c.status])).toEqual([[1999, 'succeeded']]);
      const none = await ownerPost(t, '/api-pay/secondPhase/pay/planSku', {
        orderNumber: a.order,
        planId: 'weekly',
        token: a.token,
        hl: 'en',
      });
      expect(none.json().code).toBe('TRIAL_NOT_ACTIVE');

      const b = await trial('upgrade@example.com');
      const up = await ownerPost(t, '/api-pay/secondPhase/pay/planSku', {
        orderNumber: b.order,
        planId: 'fourweekly',
        token: b.token,
        hl: 'en',
      });
      expect(up.json().data.subscription).toMatchObject({
        planId: 'fourweekly',
        status: 'active',
        interval: 'WEEK',
        intervalCount: 4,
        amount: 1999,
      });
      const subB = await t.deps.db.kysely
        .selectFrom('subscriptions')
        .selectAll()
        .where('order_number', '=', b.order)
        .executeTakeFirstOrThrow();
      expect(subB.current_period_end - subB.current_period_start).toBe(28 * 86_400_000);
    });
  },
);
