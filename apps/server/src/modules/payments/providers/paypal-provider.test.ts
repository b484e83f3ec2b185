import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeInputs } from '../../../../test/fakes/charge-inputs';
import { type PayPalStandIn, startPayPalStandIn } from '../../../../test/fakes/paypal-stand-in';
import { type Delivery, startReceiver } from '../../../../test/fakes/webhook-receiver';
import { type CreateChargeInput, ProviderUnavailableError, WebhookSignatureError } from './payment-provider';
import { fromPayPalValue, paypalLocale, paypalProvider, toPayPalValue } from './paypal-provider';

const CREDENTIALS = { clientId: 'client-standin', clientSecret: 'secret-standin', webhookId: 'WH0STANDIN0ID' };

const input = chargeInputs({
  method: 'paypal',
  locale: 'fr',
  returnUrl: 'http://localhost/pay/return',
  cancelUrl: 'http://localhost/pay/cancel',
});

describe('paypal amounts and locales', () => {
  it('writes and reads decimal strings, without decimals for JPY, TWD and HUF', () => {
    expect(toPayPalValue(1999, 'USD')).toBe('19.99');
    expect(toPayPalValue(5, 'EUR')).toBe('0.05');
    expect(toPayPalValue(78000, 'JPY')).toBe('780');
    expect(toPayPalValue(150000, 'huf')).toBe('1500');
    expect(fromPayPalValue('19.99', 'USD')).toBe(1999);
    expect(fromPayPalValue('19.9', 'USD')).toBe(1990);
    expect(fromPayPalValue('780', 'JPY')).toBe(78000);
    expect(() => fromPayPalValue('1e3', 'USD')).toThrow(ProviderUnavailableError);
  });

  it('maps our language tags to PayPal locales', () => {
    expect(paypalLocale('fr')).toBe('fr-FR');
    expect(paypalLocale('en_GB')).toBe('en-GB');
    expect(paypalLocale('zh-HK')).toBe('zh-HK');
    expect(paypalLocale('pt')).toBe('pt-BR');
    expect(paypalLocale('xx')).toBeUndefined();
    expect(paypalLocale('not a tag')).toBeUndefined();
  });
});

describe('paypal provider', () => {
  let standIn: PayPalStandIn;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let provider: ReturnType<typeof paypalProvider>;

  beforeAll(async () => {
    receiver = await startReceiver('/webhooks/paypal');
    standIn = await startPayPalStandIn({ webhookUrl: receiver.url, ...CREDENTIALS });
    provider = paypalProvider({ ...CREDENTIALS, apiBase: standIn.apiBase });
  });

  afterAll(async () => {
    await standIn.close();
    await receiver.close();
  });

  async function approvedOrder(overrides: Partial<CreateChargeInput> = {}): Promise<string> {
    const { ref } = await provider.createCharge(input(overrides));
    standIn.approve(ref);
    return ref;
  }

  it('creates an order and answers with the approval redirect', async () => {
    const request = input();
    const charge = await provider.createCharge(request);
    expect(charge).toEqual({
      ref: charge.ref,
      status: 'requires_action',
      next: { type: 'redirect', url: `${standIn.apiBase}/checkoutnow?token=${charge.ref}` },
    });
    const order = standIn.orders.get(charge.ref);
    expect(order?.purchaseUnit).toMatchObject({
      reference_id: request.orderNumber,
      custom_id: request.paymentId,
      amount: { currency_code: 'USD', value: '19.99' },
    });
    expect(order?.experience).toMatchObject({
      return_url: request.returnUrl,
      cancel_url: request.cancelUrl,
      user_action: 'PAY_NOW',
      shipping_preference: 'NO_SHIPPING',
      locale: 'fr-FR',
    });
    expect(await provider.resume(charge.ref, request)).toEqual(charge);
  });

  it('refuses methods other than paypal', async () => {
    await expect(provider.createCharge(input({ method: 'card' }))).rejects.toThrow(/cannot take method card/);
  });

  it('creates one order for the same payment id', async () => {
    const same = input();
    const before = standIn.orders.size;
    const first = await provider.createCharge(same);
    const second = await provider.createCharge(same);
    expect(second).toEqual(first);
    expect(standIn.orders.size).toBe(before + 1);
    const creates = standIn.requests.filter(
      (r) => r.path === '/v2/checkout/orders' && r.idempotencyKey === same.paymentId,
    );
    expect(creates.map((r) => r.replayed)).toEqual([false, true]);
  });

  it('sends JPY without decimals and reads it back in minor units', async () => {
    const charge = await provider.createCharge(input({ amountMinor: 78000, currency: 'JPY', locale: 'ja' }));
    expect(standIn.orders.get(charge.ref)?.purchaseUnit.amount).toEqual({ currency_code: 'JPY', value: '780' });
    expect(await provider.retrieve(charge.ref)).toEqual({
      ref: charge.ref,
      status: 'requires_action',
      amountMinor: 78000,
      currency: 'JPY',
      failureCode: null,
    });
  });

  it('captures after approval, and a second capture changes nothing', async () => {
    const ref = await approvedOrder();
    expect((await provider.retrieve(ref)).status).toBe('approved');
    expect((await provider.resume(ref, input())).next).toEqual({ type: 'none' });
    const captured = await provider.capture(ref);
    expect(captured).toEqual({ ref, status: 'succeeded', amountMinor: 1999, currency: 'USD', failureCode: null });
    expect(await provider.capture(ref)).toEqual(captured);
    expect(standIn.orders.get(ref)?.captures).toHaveLength(1);
    const captures = standIn.requests.filter((r) => r.idempotencyKey === `capture-${ref}`);
    expect(captures.map((r) => r.replayed)).toEqual([false, true]);
  });

  it('reads an order captured elsewhere (ORDER_ALREADY_CAPTURED)', async () => {
    const ref = await approvedOrder();
    const token = await fetch(`${standIn.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${CREDENTIALS.clientId}:${CREDENTIALS.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const elsewhere = await fetch(`${standIn.apiBase}/v2/checkout/orders/${ref}/capture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'paypal-request-id': `other-${ref}` },
    });
    expect(elsewhere.status).toBe(201);
    expect((await provider.capture(ref)).status).toBe('succeeded');
    expect(standIn.requests.some((r) => r.idempotencyKey === `capture-${ref}` && r.status === 422)).toBe(true);
  });

  it('leaves an unapproved order waiting when asked to capture', async () => {
    const { ref } = await provider.createCharge(input());
    expect((await provider.capture(ref)).status).toBe('requires_action');
  });

  it('reports a declined capture as failed', async () => {
    const ref = await approvedOrder();
    standIn.declineNextCapture();
    expect(await provider.capture(ref)).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
    expect(await provider.retrieve(ref)).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
  });

  it('reports a voided order as canceled', async () => {
    const { ref } = await provider.createCharge(input());
    standIn.cancel(ref);
    expect(await provider.retrieve(ref)).toMatchObject({ status: 'canceled', failureCode: 'canceled' });
  });

  it('refunds the capture once, however often asked, and the order still counts as paid', async () => {
    const ref = await approvedOrder();
    await provider.capture(ref);
    await provider.refund(ref);
    await provider.refund(ref);
    expect(standIn.orders.get(ref)?.captures[0]?.status).toBe('REFUNDED');
    expect(standIn.requests.filter((r) => r.idempotencyKey === `refund-${ref}`)).toHaveLength(1);
    expect((await provider.retrieve(ref)).status).toBe('succeeded');
  });

  it('caches the access token and renews it when PayPal drops it', async () => {
    const tokenCalls = () => standIn.requests.filter((r) => r.path === '/v1/oauth2/token').length;
    const { ref } = await provider.createCharge(input());
    const before = tokenCalls();
    await provider.retrieve(ref);
    await provider.retrieve(ref);
    expect(tokenCalls()).toBe(before);
    standIn.expireTokens();
    expect((await provider.retrieve(ref)).ref).toBe(ref);
    expect(tokenCalls()).toBe(before + 1);
  });

  it('retries through passing server errors', async () => {
    const { ref } = await provider.createCharge(input());
    standIn.failNextRequests(2);
    expect((await provider.retrieve(ref)).ref).toBe(ref);
  });

  describe('webhooks', () => {
    async function deliveryOf(type: string, ref: string): Promise<Delivery> {
      await standIn.deliverPending();
      const found = receiver.received.find((d) => {
        const event = JSON.parse(d.raw.toString('utf8')) as { event_type: string };
        return event.event_type === type && d.raw.toString('utf8').includes(ref);
      });
      if (!found) throw new Error(`no ${type} delivered for ${ref}`);
      return found;
    }

    it('verifies an approval and a capture, both naming the order', async () => {
      const ref = await approvedOrder();
      await provider.capture(ref);
      const approved = await deliveryOf('CHECKOUT.ORDER.APPROVED', ref);
      const event = await provider.verifyWebhook(approved.raw, approved.headers);
      expect(event).toEqual({
        eventId: standIn.events.find((e) => e.event_type === 'CHECKOUT.ORDER.APPROVED' && e.resource.id === ref)?.id,
        type: 'CHECKOUT.ORDER.APPROVED',
        ref,
      });
      const captured = await deliveryOf('PAYMENT.CAPTURE.COMPLETED', ref);
      expect(await provider.verifyWebhook(captured.raw, captured.headers)).toMatchObject({
        type: 'PAYMENT.CAPTURE.COMPLETED',
        ref,
      });
    });

    it('verifies a replayed event with the same event id', async () => {
      const ref = await approvedOrder();
      const first = await deliveryOf('CHECKOUT.ORDER.APPROVED', ref);
      const { eventId } = await provider.verifyWebhook(first.raw, first.headers);
      const count = receiver.received.length;
      expect(await standIn.replay(eventId)).toBe(200);
      const again = receiver.received[count];
      if (!again) throw new Error('replay not received');
      expect((await provider.verifyWebhook(again.raw, again.headers)).eventId).toBe(eventId);
    });

    it('refuses a tampered body, a forged signature, missing headers, a bad body and another webhook id', async () => {
      const ref = await approvedOrder();
      const delivery = await deliveryOf('CHECKOUT.ORDER.APPROVED', ref);
      const event = standIn.events.find((e) => e.event_type === 'CHECKOUT.ORDER.APPROVED' && e.resource.id === ref);
      if (!event) throw new Error('no event');
      const refused = (raw: Buffer, headers: IncomingHttpHeaders, p = provider) =>
        expect(p.verifyWebhook(raw, headers)).rejects.toBeInstanceOf(WebhookSignatureError);

      const count = receiver.received.length;
      await standIn.deliver(event, { tamper: true });
      const tampered = receiver.received[count];
      if (!tampered) throw new Error('tampered delivery not received');
      await refused(tampered.raw, tampered.headers);
      await refused(delivery.raw, { ...delivery.headers, 'paypal-transmission-sig': 'Zm9yZ2Vk' });
      await refused(delivery.raw, { ...delivery.headers, 'paypal-transmission-id': undefined });
      await refused(Buffer.from('not json'), delivery.headers);
      await refused(
        delivery.raw,
        delivery.headers,
        paypalProvider({ ...CREDENTIALS, webhookId: 'OTHER', apiBase: standIn.apiBase }),
      );
    });
  });

  it('reports an unreachable API as ProviderUnavailableError', async () => {
    const gone = await startPayPalStandIn(CREDENTIALS);
    await gone.close();
    const offline = paypalProvider({ ...CREDENTIALS, apiBase: gone.apiBase });
    await expect(offline.createCharge(input())).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(offline.retrieve('5O190127TN364715T')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('reports refused credentials as ProviderUnavailableError', async () => {
    const wrong = paypalProvider({ ...CREDENTIALS, clientSecret: 'wrong', apiBase: standIn.apiBase });
    await expect(wrong.createCharge(input())).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
