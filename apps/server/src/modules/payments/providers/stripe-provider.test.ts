import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeInputs } from '../../../../test/fakes/charge-inputs';
import { type StripeStandIn, startStripeStandIn } from '../../../../test/fakes/stripe-stand-in';
import { type Delivery, startReceiver } from '../../../../test/fakes/webhook-receiver';
import { ProviderUnavailableError, WebhookSignatureError } from './payment-provider';
import { fromStripeAmount, stripeProvider, toStripeAmount } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_test_standin';

const input = chargeInputs({ method: 'card' });

describe('stripe provider', () => {
  let standIn: StripeStandIn;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let provider: ReturnType<typeof stripeProvider>;

  beforeAll(async () => {
    receiver = await startReceiver('/webhooks/stripe');
    standIn = await startStripeStandIn({ webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET });
    provider = stripeProvider({
      secretKey: 'sk_test_standin',
      publishableKey: 'pk_test_standin',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: standIn.apiBase,
    });
  });

  afterAll(async () => {
    await standIn.close();
    await receiver.close();
  });

  it('converts amounts both ways, zero-decimal currencies in whole units', () => {
    expect(toStripeAmount(78000, 'JPY')).toBe(780);
    expect(toStripeAmount(1999, 'usd')).toBe(1999);
    expect(fromStripeAmount(780, 'jpy')).toBe(78000);
    expect(fromStripeAmount(1999, 'USD')).toBe(1999);
  });

  it('creates a PaymentIntent and answers with the Stripe next action', async () => {
    const charge = await provider.createCharge(input());
    expect(charge.status).toBe('requires_action');
    const pi = standIn.paymentIntents.get(charge.ref);
    expect(pi).toMatchObject({
      amount: 1999,
      currency: 'usd',
      receipt_email: 'ada@example.com',
      automatic_payment_methods: { enabled: true },
    });
    expect(pi?.metadata.orderNumber).toMatch(/^MG-/);
    expect(charge.next).toEqual({ type: 'stripe', clientSecret: pi?.client_secret, publishableKey: 'pk_test_standin' });
    expect(await provider.resume(charge.ref, input())).toEqual(charge);
  });

  it('refuses methods other than card', async () => {
    await expect(provider.createCharge(input({ method: 'paypal' }))).rejects.toThrow(/cannot take method paypal/);
  });

  it('creates one PaymentIntent for the same payment id, replayed by Stripe', async () => {
    const same = input();
    const before = standIn.paymentIntents.size;
    const first = await provider.createCharge(same);
    const second = await provider.createCharge(same);
    expect(second.ref).toBe(first.ref);
    expect(standIn.paymentIntents.size).toBe(before + 1);
    const creates = standIn.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey === same.paymentId,
    );
    expect(creates.map((r) => r.replayed)).toEqual([false, true]);
  });

  it('reports a replayed create with the current status', async () => {
    const same = input();
    const first = await provider.createCharge(same);
    standIn.confirm(first.ref, '4242424242424242');
    const again = await provider.createCharge(same);
    expect(again.status).toBe('succeeded');
    expect(again.next.type).toBe('stripe');
  });

  it('treats the same payment id with other parameters as a processor error', async () => {
    const same = input();
    await provider.createCharge(same);
    await expect(provider.createCharge({ ...same, amountMinor: 2999 })).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });

  it('charges JPY 78000 as 780 and reads it back as 78000', async () => {
    const charge = await provider.createCharge(input({ amountMinor: 78000, currency: 'JPY' }));
    expect(standIn.paymentIntents.get(charge.ref)?.amount).toBe(780);
    expect(await provider.retrieve(charge.ref)).toMatchObject({ amountMinor: 78000, currency: 'JPY' });
  });

  it.each([
    ['4242424242424242', 'succeeded', null],
    ['4000000000000002', 'failed', 'generic_decline'],
    ['4000000000009995', 'failed', 'insufficient_funds'],
    ['4000002500003155', 'requires_action', null],
  ] as const)('maps test card %s to %s (%s)', async (card, status, failureCode) => {
    const charge = await provider.createCharge(input());
    standIn.confirm(charge.ref, card);
    expect(await provider.retrieve(charge.ref)).toEqual({
      ref: charge.ref,
      status,
      amountMinor: 1999,
      currency: 'USD',
      failureCode,
    });
  });

  it('follows 3-D Secure to success or to an authentication failure', async () => {
    const passed = await provider.createCharge(input());
    standIn.confirm(passed.ref, '4000002500003155');
    standIn.completeAuthentication(passed.ref, true);
    expect((await provider.retrieve(passed.ref)).status).toBe('succeeded');

    const failed = await provider.createCharge(input());
    standIn.confirm(failed.ref, '4000002500003155');
    standIn.completeAuthentication(failed.ref, false);
    expect(await provider.retrieve(failed.ref)).toMatchObject({
      status: 'failed',
      failureCode: 'authentication_failed',
    });
  });

  it('capture returns the state unchanged (automatic capture)', async () => {
    const charge = await provider.createCharge(input());
    standIn.confirm(charge.ref, '4242424242424242');
    expect(await provider.capture(charge.ref)).toEqual(await provider.retrieve(charge.ref));
  });

  it('refunds once, however often asked', async () => {
    const charge = await provider.createCharge(input());
    standIn.confirm(charge.ref, '4242424242424242');
    await provider.refund(charge.ref);
    await provider.refund(charge.ref);
    const refunds = standIn.requests.filter(
      (r) => r.path === '/v1/refunds' && r.idempotencyKey === `refund-${charge.ref}`,
    );
    expect(refunds.map((r) => r.replayed)).toEqual([false, true]);
    const refunded = standIn.events.filter((e) => e.type === 'charge.refunded');
    expect(refunded.filter((e) => JSON.stringify(e.data.object).includes(charge.ref))).toHaveLength(1);
    expect((await provider.retrieve(charge.ref)).status).toBe('succeeded');
  });

  it('retries through passing server errors', async () => {
    const charge = await provider.createCharge(input());
    standIn.failNextRequests(2);
    expect((await provider.retrieve(charge.ref)).ref).toBe(charge.ref);
  });

  describe('webhooks', () => {
    async function deliveryOf(type: string, ref: string): Promise<Delivery> {
      await standIn.deliverPending();
      const found = receiver.received.find((d) => {
        const event = JSON.parse(d.raw.toString('utf8')) as { type: string; data: { object: unknown } };
        return event.type === type && JSON.stringify(event.data.object).includes(ref);
      });
      if (!found) throw new Error(`no ${type} delivered for ${ref}`);
      return found;
    }

    it('verifies a delivered event and names its PaymentIntent', async () => {
      const charge = await provider.createCharge(input());
      standIn.confirm(charge.ref, '4242424242424242');
      const delivery = await deliveryOf('payment_intent.succeeded', charge.ref);
      const event = await provider.verifyWebhook(delivery.raw, delivery.headers);
      const sent = standIn.events.find(
        (e) => e.type === 'payment_intent.succeeded' && JSON.stringify(e.data.object).includes(charge.ref),
      );
      expect(event).toEqual({
        eventId: sent?.id,
        type: 'payment_intent.succeeded',
        ref: charge.ref,
        subscriptionRef: null,
      });
      expect(event.eventId).toMatch(/^evt_/);
    });

    it('names the PaymentIntent of a charge event', async () => {
      const charge = await provider.createCharge(input());
      standIn.confirm(charge.ref, '4242424242424242');
      await provider.refund(charge.ref);
      const delivery = await deliveryOf('charge.refunded', charge.ref);
      expect(await provider.verifyWebhook(delivery.raw, delivery.headers)).toMatchObject({
        type: 'charge.refunded',
        ref: charge.ref,
      });
    });

    it('verifies a replayed event with the same event id', async () => {
      const charge = await provider.createCharge(input());
      standIn.confirm(charge.ref, '4000000000000002');
      const first = await deliveryOf('payment_intent.payment_failed', charge.ref);
      const { eventId } = await provider.verifyWebhook(first.raw, first.headers);
      const count = receiver.received.length;
      expect(await standIn.replay(eventId)).toBe(200);
      const again = receiver.received[count];
      if (!again) throw new Error('replay not received');
      expect((await provider.verifyWebhook(again.raw, again.headers)).eventId).toBe(eventId);
    });

    it('refuses a tampered body, a forged signature, a missing header and another secret', async () => {
      const charge = await provider.createCharge(input());
      standIn.confirm(charge.ref, '4242424242424242');
      const delivery = await deliveryOf('payment_intent.succeeded', charge.ref);
      const event = standIn.events.find((e) => JSON.stringify(e.data.object).includes(charge.ref));
      if (!event) throw new Error('no event');

      const count = receiver.received.length;
      await standIn.deliver(event, { tamper: true });
      const tampered = receiver.received[count];
      if (!tampered) throw new Error('tampered delivery not received');
      await expect(provider.verifyWebhook(tampered.raw, tampered.headers)).rejects.toBeInstanceOf(
        WebhookSignatureError,
      );

      const signature = String(delivery.headers['stripe-signature']).replace(/v1=([0-9a-f])/, (_m, c: string) =>
        c === '0' ? 'v1=1' : 'v1=0',
      );
      await expect(
        provider.verifyWebhook(delivery.raw, { ...delivery.headers, 'stripe-signature': signature }),
      ).rejects.toBeInstanceOf(WebhookSignatureError);
      await expect(
        provider.verifyWebhook(delivery.raw, { ...delivery.headers, 'stripe-signature': undefined }),
      ).rejects.toBeInstanceOf(WebhookSignatureError);

      const other = stripeProvider({
        secretKey: 'sk_test_standin',
        publishableKey: 'pk_test_standin',
        webhookSecret: 'whsec_other',
        apiBase: standIn.apiBase,
      });
      await expect(other.verifyWebhook(delivery.raw, delivery.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    });

    it('keeps undelivered events for a later delivery', async () => {
      const down = await startReceiver('/webhooks/stripe');
      await down.close();
      standIn.setWebhookUrl(down.url);
      const charge = await provider.createCharge(input());
      standIn.confirm(charge.ref, '4242424242424242');
      expect(await standIn.deliverPending()).toBe(0);
      standIn.setWebhookUrl(receiver.url);
      expect(await standIn.deliverPending()).toBeGreaterThanOrEqual(1);
      expect(await standIn.deliverPending()).toBe(0);
    });
  });

  it('reports an unreachable API as ProviderUnavailableError', async () => {
    const gone = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
    await gone.close();
    const offline = stripeProvider({
      secretKey: 'sk_test_standin',
      publishableKey: 'pk_test_standin',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: gone.apiBase,
    });
    await expect(offline.createCharge(input())).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(offline.retrieve('pi_missing')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
