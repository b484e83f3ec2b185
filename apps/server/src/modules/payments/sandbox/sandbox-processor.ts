import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WithTransaction } from '../../../db/with-transaction';
import { backgroundJob } from '../../../lib/background-job';
import type { Clock } from '../../../lib/clock';
import { publicId } from '../../../lib/ids';
import type { SavedChargeInput } from '../providers/payment-provider';
import type { SandboxPayment, SandboxRepository } from './sandbox-repository';

/**
 * The sandbox processor: a stand-in for a card processor and for PayPal that behaves like their test modes,
 * with no network and no account. It keeps its own records (never a card number: brand and last four only)
 * and tells the merchant side what happened only the way real processors do: through signed webhooks,
 * delivered asynchronously and retried, and through its "API" (`retrieve`).
 */
export type { SandboxPayment } from './sandbox-repository';

export const TEST_CARDS = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'card_declined',
  '4000002500003155': 'three_d_secure',
  '4000000000009995': 'insufficient_funds',
} as const;

export type CardCheck =
  | { ok: true; number: string }
  | { ok: false; errors: Partial<Record<'number' | 'expiry' | 'cvc', 'invalid' | 'expired' | 'notTestCard'>> };

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks a card as a processor's form does: number (Luhn, and a test card), expiry not past, CVC. */
export function checkCard(input: { number?: string; expiry?: string; cvc?: string }, now: number): CardCheck {
  const errors: Extract<CardCheck, { ok: false }>['errors'] = {};
  const number = (input.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) errors.number = 'invalid';
  else if (!(number in TEST_CARDS)) errors.number = 'notTestCard';
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry ?? '');
  if (!m) errors.expiry = 'invalid';
  else {
    const month = Number(m[1]);
    const year = Number(m[2]) < 100 ? 2000 + Number(m[2]) : Number(m[2]);
    if (month < 1 || month > 12) errors.expiry = 'invalid';
    else if (Date.UTC(year, month, 1) <= now) errors.expiry = 'expired';
  }
  if (!/^\d{3,4}$/.test((input.cvc ?? '').trim())) errors.cvc = 'invalid';
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, number };
}

export interface SandboxEventBody {
  id: string;
  type: string;
  created: number;
  data: { payment: { id: string; status: string; amount_minor: number; currency: string } };
}

export const SIGNATURE_HEADER = 'x-sandbox-signature';
const TOLERANCE_MS = 300_000;

export interface SandboxProcessorDeps {
  repo: SandboxRepository;
  transact: WithTransaction<SandboxRepository>;
  clock: Clock;
  /** Signs webhooks; shared by every instance (kept in app_secrets). */
  secret: string;
  /** Posts a webhook to the merchant's endpoint; resolves with the HTTP status. */
  deliver: (rawBody: string, headers: Record<string, string>) => Promise<number>;
  intervalMs: number;
  log?: { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

export function sandboxProcessor(d: SandboxProcessorDeps) {
  const { repo, clock } = d;

  function sign(raw: string, at: number): string {
    const t = Math.floor(at / 1000);
    return `t=${t},v1=${createHmac('sha256', d.secret).update(`${t}.${raw}`).digest('hex')}`;
  }

  async function get(id: string): Promise<SandboxPayment | undefined> {
    return repo.find(id);
  }

  async function queueEvent(paymentId: string, type: string, now: number): Promise<void> {
    await repo.insertEvent({
      id: publicId('evt_'),
      payment_id: paymentId,
      type,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      delivered_at: null,
    });
    delivery.kick();
  }

  /** Moves a payment from one of `from` to `to`; only the first of concurrent moves wins and queues its event. */
  async function move(
    id: string,
    from: SandboxPayment['status'][],
    to: SandboxPayment['status'],
    extra: Partial<Pick<SandboxPayment, 'failure_code' | 'card_brand' | 'card_last4'>> = {},
  ): Promise<boolean> {
    const now = clock.now();
    // One transaction: whoever reads the payment succeeded also finds the method it kept (two flows, a
    // webhook and a status check, may capture the same payment at once).
    const moved = await d.transact(async (tx) => {
      if (!(await tx.move(id, from, { status: to, updated_at: now, ...extra }))) return false;
      if (to === 'succeeded') await keepMethodIfAsked(tx, id, now);
      return true;
    });
    if (moved) await queueEvent(id, `payment.${to}`, now);
    return moved;
  }

  /** A payment made with "keep this method for later charges" leaves a saved method behind (once). */
  async function keepMethodIfAsked(tx: SandboxRepository, id: string, now: number): Promise<void> {
    const p = await tx.find(id);
    if (p?.save_method !== 1 || p.payment_method_id) return;
    const methodId = publicId('pm_');
    await tx.insertMethod({
      id: methodId,
      kind: p.kind,
      card_brand: p.card_brand,
      card_last4: p.card_last4,
      failing: 0,
      created_at: now,
    });
    await tx.setMethodIfNone(id, methodId);
  }

  /** One delivery pass: claims due events (a lease, so one instance sends each) and posts them. */
  async function deliverDue(): Promise<number> {
    const now = clock.now();
    const due = await repo.dueEventIds(now, 20);
    let delivered = 0;
    for (const { id } of due) {
      const claimed = await repo.claimEvent(id, now);
      if (!claimed) continue;
      const payment = await get(claimed.payment_id);
      if (!payment) continue;
      const body: SandboxEventBody = {
        id: claimed.id,
        type: claimed.type,
        created: Math.floor(claimed.created_at / 1000),
        data: {
          payment: {
            id: payment.id,
            status: payment.status,
            amount_minor: payment.amount_minor,
            currency: payment.currency,
          },
        },
      };
      const raw = JSON.stringify(body);
      let status = 0;
      try {
        status = await d.deliver(raw, {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: sign(raw, clock.now()),
        });
      } catch (err) {
        d.log?.warn({ err, event: claimed.id }, 'sandbox webhook delivery failed');
      }
      if (status >= 200 && status < 300) {
        await repo.markDelivered(claimed.id, clock.now());
        delivered++;
      } else {
        // Like real processors: retried with backoff, for up to a day.
        const backoff = Math.min(1000 * 2 ** claimed.attempts, 3_600_000);
        await repo.retryEventAt(claimed.id, clock.now() + backoff);
      }
    }
    return delivered;
  }

  const delivery = backgroundJob('sandbox webhook delivery', deliverDue, d.intervalMs, d.log);

  const api = {
    get,
    delivery,

    /** Creates a payment, or returns the one made with the same idempotency key (as processors do). */
    async create(input: {
      idempotencyKey: string;
      kind: 'card' | 'paypal';
      amountMinor: number;
      currency: string;
      description: string;
      locale: string;
      returnUrl: string;
      cancelUrl: string;
      saveMethod?: boolean;
    }): Promise<SandboxPayment> {
      const now = clock.now();
      return repo.insertPayment({
        id: publicId('sbp_'),
        idempotency_key: input.idempotencyKey,
        kind: input.kind,
        amount_minor: input.amountMinor,
        currency: input.currency,
        description: input.description,
        locale: input.locale,
        status: 'requires_payment_method',
        failure_code: null,
        card_brand: null,
        card_last4: null,
        return_url: input.returnUrl,
        cancel_url: input.cancelUrl,
        refunded: 0,
        save_method: input.saveMethod ? 1 : 0,
        payment_method_id: null,
        created_at: now,
        updated_at: now,
      });
    },

    /** A checked card, charged: the outcome the test card stands for. */
    async chargeCard(id: string, number: keyof typeof TEST_CARDS): Promise<SandboxPayment | undefined> {
      const outcome = TEST_CARDS[number];
      const card = { card_brand: 'visa', card_last4: number.slice(-4) };
      const open: SandboxPayment['status'][] = ['requires_payment_method', 'failed'];
      if (outcome === 'succeeds') await move(id, open, 'succeeded', { ...card, failure_code: null });
      else if (outcome === 'three_d_secure') await move(id, open, 'requires_action', { ...card, failure_code: null });
      else await move(id, open, 'failed', { ...card, failure_code: outcome });
      return get(id);
    },

    /** The 3-D Secure screen's answer. */
    async authenticate(id: string, approve: boolean): Promise<SandboxPayment | undefined> {
      if (approve) await move(id, ['requires_action'], 'succeeded');
      else await move(id, ['requires_action'], 'failed', { failure_code: 'authentication_failed' });
      return get(id);
    },

    /** The PayPal approval screen's answer: approved (to be captured by the merchant) or cancelled. */
    async paypalDecision(id: string, approve: boolean): Promise<SandboxPayment | undefined> {
      if (approve) await move(id, ['requires_payment_method'], 'approved');
      else await move(id, ['requires_payment_method'], 'canceled', { failure_code: 'canceled' });
      return get(id);
    },

    async capture(id: string): Promise<SandboxPayment | undefined> {
      await move(id, ['approved'], 'succeeded');
      return get(id);
    },

    /**
     * Charges a saved method without the payer (a renewal): declined when the method was set to fail, else
     * succeeded. The idempotency key makes a repeated request the same charge.
     */
    async chargeSaved(input: SavedChargeInput): Promise<SandboxPayment> {
      const method = await repo.findMethod(input.methodRef);
      if (!method) throw new Error(`sandbox payment method ${input.methodRef} not found`);
      const p = await api.create({
        idempotencyKey: input.idempotencyKey,
        kind: method.kind,
        amountMinor: input.amountMinor,
        currency: input.currency,
        description: input.description,
        locale: input.locale,
        returnUrl: '',
        cancelUrl: '',
      });
      const card = { card_brand: method.card_brand, card_last4: method.card_last4 };
      if (method.failing === 1)
        await move(p.id, ['requires_payment_method'], 'failed', { ...card, failure_code: 'card_declined' });
      else await move(p.id, ['requires_payment_method'], 'succeeded', { ...card, failure_code: null });
      await repo.setMethodIfNone(p.id, method.id);
      return (await get(p.id)) as SandboxPayment;
    },

    /** The sandbox's dashboard switch: from now on the saved method declines (or works again). */
    async setMethodFailing(methodId: string, failing: boolean): Promise<boolean> {
      return repo.setMethodFailing(methodId, failing);
    },

    async refund(id: string): Promise<void> {
      if (await repo.refund(id, clock.now())) await queueEvent(id, 'payment.refunded', clock.now());
    },

    /** Verifies a webhook as the merchant side must: HMAC over timestamp and raw body, within 5 minutes. */
    verify(raw: Buffer, header: string | undefined): SandboxEventBody | null {
      const m = /^t=(\d+),v1=([a-f0-9]{64})$/.exec(header ?? '');
      if (!m?.[1] || !m[2]) return null;
      if (Math.abs(clock.now() - Number(m[1]) * 1000) > TOLERANCE_MS) return null;
      const expected = createHmac('sha256', d.secret).update(`${m[1]}.`).update(raw).digest();
      const given = Buffer.from(m[2], 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        return JSON.parse(raw.toString('utf8')) as SandboxEventBody;
      } catch {
        return null;
      }
    },

    sign,
  };
  return api;
}
export type SandboxProcessor = ReturnType<typeof sandboxProcessor>;
