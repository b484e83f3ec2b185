import { describe, expect, it } from 'vitest';
import type { Translator } from '../../i18n/translator';
import { ManualClock } from '../../lib/clock';
import type { ProviderPaymentState, SavedChargeInput } from '../payments/providers/payment-provider';
import type { ProviderRegistry } from '../payments/providers/provider-registry';
import type {
  ChargeRow,
  SubscriptionRepository,
  SubscriptionRow,
  SubscriptionTransactionRepositories,
} from './subscription-repository';
import { subscriptionScheduler } from './subscription-scheduler';
import type { SubscriptionService } from './subscription-service';

/**
 * The scheduler's decisions (remind, renew, retry, end) against in-memory fakes of its repository, outbox and
 * processor: milliseconds instead of a database. The guards the fakes copy (a charge settled once, a period
 * advanced once) are proven on both dialects by subscriptions.test.ts; here it is what is decided and when.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 1);

function fakeStore(rows: SubscriptionRow[]) {
  const subs = new Map(rows.map((r) => [r.id, { ...r }]));
  const charges = new Map<string, ChargeRow>();
  const mails: { template: string; dedupeKey?: string | undefined; payload: Record<string, unknown> }[] = [];
  const get = (id: string) => subs.get(id) as SubscriptionRow;
  const set = (id: string, patch: Partial<SubscriptionRow>) => subs.set(id, { ...get(id), ...patch });
  const running = (s: SubscriptionRow, now: number) =>
    s.next_run_at !== null && s.next_run_at <= now && (s.locked_until === null || s.locked_until < now);

  const repo = {
    async dueIds(now: number) {
      return [...subs.values()].filter((s) => running(s, now)).map((s) => ({ id: s.id }));
    },
    async claim(id: string, now: number, leaseMs: number) {
      const s = subs.get(id);
      if (!s || !running(s, now)) return undefined;
      set(id, { locked_until: now + leaseMs });
      return { ...get(id) };
    },
    async release(id: string, lease: number, patch: Partial<SubscriptionRow>) {
      if (get(id).locked_until === lease) set(id, { ...patch, locked_until: null });
    },
    async find(id: string) {
      return subs.has(id) ? { ...get(id) } : undefined;
    },
    async insertCharge(row: ChargeRow) {
      const taken = [...charges.values()].some(
        (c) => c.subscription_id === row.subscription_id && c.period_no === row.period_no && c.attempt === row.attempt,
      );
      if (!taken) charges.set(row.id, row);
    },
  } as unknown as SubscriptionRepository;

  const tx = {
    subscriptions: {
      async markReminded(id: string, now: number) {
        if (get(id).reminder_sent_at === null) set(id, { reminder_sent_at: now, updated_at: now });
      },
      async settleCharge(id: string, ref: string, now: number) {
        const c = charges.get(id);
        if (!c || c.status === 'succeeded') return false;
        charges.set(id, { ...c, status: 'succeeded', provider_ref: ref, failure_code: null, settled_at: now });
        return true;
      },
      async failCharge(id: string, ref: string | null, code: string | null, now: number) {
        const c = charges.get(id);
        if (c?.status !== 'pending') return false;
        charges.set(id, { ...c, status: 'failed', provider_ref: ref, failure_code: code, settled_at: now });
        return true;
      },
      async advancePeriod(s: SubscriptionRow, period: { start: number; end: number }, now: number) {
        if (get(s.id).period_no !== s.period_no) return;
        set(s.id, {
          status: 'active',
          period_no: s.period_no + 1,
          current_period_start: period.start,
          current_period_end: period.end,
          failed_attempts: 0,
          updated_at: now,
        });
      },
      async recordFailedAttempt(id: string, attempt: number, last: boolean, now: number) {
        if (get(id).failed_attempts !== attempt) return;
        set(
          id,
          last
            ? { status: 'canceled', ended_at: now, failed_attempts: attempt + 1, next_run_at: null, updated_at: now }
            : { status: 'past_due', failed_attempts: attempt + 1, updated_at: now },
        );
      },
    },
    mail: {
      async enqueue(m: { template: string; dedupeKey?: string; payload: Record<string, unknown> }) {
        if (m.dedupeKey && mails.some((x) => x.dedupeKey === m.dedupeKey)) return;
        mails.push({ template: m.template, dedupeKey: m.dedupeKey, payload: m.payload });
      },
    },
  } as unknown as SubscriptionTransactionRepositories;

  return { repo, tx, subs, charges, mails, get };
}

/** A processor whose saved-method charges answer as told, recording what it was asked. */
function fakeProcessor(answer: (input: SavedChargeInput) => ProviderPaymentState | Error) {
  const calls: SavedChargeInput[] = [];
  const provider = {
    name: 'sandbox',
    async chargeSaved(input: SavedChargeInput) {
      calls.push(input);
      const a = answer(input);
      if (a instanceof Error) throw a;
      return a;
    },
  };
  const providers = { byName: (n: string) => (n === 'sandbox' ? provider : undefined) } as unknown as ProviderRegistry;
  return { providers, calls };
}

function subscription(patch: Partial<SubscriptionRow>): SubscriptionRow {
  return {
    id: 'sub-1',
    order_number: 'A1',
    exam_id: 1,
    plan_id: 'monthly',
    first_payment_id: 'pay-1',
    email: 'buyer@example.com',
    locale: 'en',
    country: 'US',
    currency: 'USD',
    amount_minor: 1999,
    billing_interval: 'MONTH',
    interval_count: 1,
    provider: 'sandbox',
    method: 'card',
    method_ref: 'pm_1',
    billed_by: 'merchant',
    processor_ref: null,
    status: 'trialing',
    trial_end_at: T0 + 7 * DAY,
    period_no: 0,
    current_period_start: T0,
    current_period_end: T0 + 7 * DAY,
    reminder_sent_at: null,
    cancel_requested_at: null,
    ended_at: null,
    failed_attempts: 0,
    next_run_at: T0 + 5 * DAY,
    locked_until: null,
    created_at: T0,
    updated_at: T0,
    landing_variant: '',
    ...patch,
  };
}

function build(rows: SubscriptionRow[], answer: Parameters<typeof fakeProcessor>[0], now: number) {
  const store = fakeStore(rows);
  const processor = fakeProcessor(answer);
  const clock = new ManualClock(now);
  let kicks = 0;
  const scheduler = subscriptionScheduler({
    repo: store.repo,
    transact: (work) => work(store.tx),
    subscriptions: {
      cancelLink: (s: SubscriptionRow) => `https://example.test/cancel/${s.id}`,
      syncWithProcessor: async () => {},
    } as unknown as SubscriptionService,
    providers: processor.providers,
    clock,
    translator: { t: (_locale: string, key: string) => key } as unknown as Translator,
    mailDomain: 'example.test',
    kickMail: () => {
      kicks++;
    },
    chargeIdSecret: 'secret',
    reminderMs: 2 * DAY,
    retryMs: 24 * HOUR,
    maxAttempts: 3,
    intervalMs: 60_000,
  });
  return { ...store, ...processor, clock, scheduler, kicks: () => kicks };
}

const paid = (i: SavedChargeInput): ProviderPaymentState => ({
  ref: `ch_${i.idempotencyKey}`,
  status: 'succeeded',
  amountMinor: i.amountMinor,
  currency: i.currency,
  failureCode: null,
});
const declined = (): ProviderPaymentState => ({
  ref: 'ch_declined',
  status: 'failed',
  amountMinor: 0,
  currency: 'USD',
  failureCode: 'card_declined',
});

describe('subscription scheduler decisions (in-memory fakes)', () => {
  it('reminds once before a trial converts, and next wakes at the trial end', async () => {
    const t = build([subscription({})], paid, T0 + 5 * DAY);
    expect(await t.scheduler.runOnce()).toBe(1);
    expect(t.mails.map((m) => m.template)).toEqual(['trialReminder']);
    expect(t.mails[0]?.payload).toMatchObject({ chargeAt: T0 + 7 * DAY, amountMinor: 1999 });
    expect(t.get('sub-1')).toMatchObject({ reminder_sent_at: T0 + 5 * DAY, next_run_at: T0 + 7 * DAY });
    expect(t.calls).toHaveLength(0);
    expect(await t.scheduler.runOnce()).toBe(0);
    expect(t.mails).toHaveLength(1);
  });

  it('converts a trial at its end: one charge of the plan price, the period advanced, one receipt', async () => {
    const t = build([subscription({ reminder_sent_at: T0 + 5 * DAY, next_run_at: T0 + 7 * DAY })], paid, T0 + 7 * DAY);
    await t.scheduler.runOnce();
    expect(t.calls).toHaveLength(1);
    expect(t.calls[0]).toMatchObject({ methodRef: 'pm_1', amountMinor: 1999, currency: 'USD' });
    const sub = t.get('sub-1');
    expect(sub).toMatchObject({ status: 'active', period_no: 1, current_period_start: T0 + 7 * DAY });
    expect(sub.current_period_end).toBe(Date.UTC(2026, 1, 8));
    expect(sub.next_run_at).toBe(sub.current_period_end);
    expect(t.mails.map((m) => m.template)).toEqual(['renewalReceipt']);
    expect(t.mails[0]?.payload).toMatchObject({ trialConverted: true, periodStart: T0 + 7 * DAY });
    expect([...t.charges.values()].map((c) => c.status)).toEqual(['succeeded']);
    // Nothing is due until the next period ends: no second charge.
    expect(await t.scheduler.runOnce()).toBe(0);
    expect(t.calls).toHaveLength(1);
  });

  it('retries a declined renewal a day later, then ends the plan at the last attempt', async () => {
    const due = T0 + 7 * DAY;
    const t = build([subscription({ status: 'active', reminder_sent_at: T0, next_run_at: due })], declined, due);
    await t.scheduler.runOnce();
    expect(t.get('sub-1')).toMatchObject({ status: 'past_due', failed_attempts: 1, next_run_at: due + 24 * HOUR });
    expect(t.mails.at(-1)?.payload).toMatchObject({ retryAt: due + 24 * HOUR });
    t.clock.set(due + 24 * HOUR);
    await t.scheduler.runOnce();
    t.clock.set(due + 48 * HOUR);
    await t.scheduler.runOnce();
    expect(t.get('sub-1')).toMatchObject({ status: 'canceled', failed_attempts: 3, next_run_at: null });
    expect(t.mails.map((m) => m.template)).toEqual(['renewalFailed', 'renewalFailed', 'renewalFailed']);
    expect(t.mails.at(-1)?.payload).toMatchObject({ retryAt: null });
    // Each attempt is its own charge, keyed apart: the processor never sees one key twice.
    expect(new Set(t.calls.map((c) => c.idempotencyKey)).size).toBe(3);
    expect(await t.scheduler.runOnce()).toBe(0);
  });

  it('an unreachable processor is asked again in ten minutes with the same charge, nothing failed', async () => {
    const due = T0 + 7 * DAY;
    let reachable = false;
    const t = build(
      [subscription({ status: 'active', reminder_sent_at: T0, next_run_at: due })],
      (i) => (reachable ? paid(i) : new Error('ECONNREFUSED')),
      due,
    );
    await t.scheduler.runOnce();
    expect(t.get('sub-1')).toMatchObject({ status: 'active', failed_attempts: 0, next_run_at: due + 10 * 60_000 });
    expect(t.mails).toHaveLength(0);
    reachable = true;
    t.clock.set(due + 10 * 60_000);
    await t.scheduler.runOnce();
    expect(t.calls.map((c) => c.idempotencyKey)).toEqual([t.calls[0]?.idempotencyKey, t.calls[0]?.idempotencyKey]);
    expect(t.get('sub-1')).toMatchObject({ status: 'active', period_no: 1 });
    expect(t.mails.map((m) => m.template)).toEqual(['renewalReceipt']);
  });

  it('a cancelled plan ends at the end of its period, never charged', async () => {
    const end = T0 + 7 * DAY;
    const t = build(
      [subscription({ status: 'active', cancel_requested_at: T0 + DAY, next_run_at: end, reminder_sent_at: T0 })],
      paid,
      end,
    );
    await t.scheduler.runOnce();
    expect(t.get('sub-1')).toMatchObject({ status: 'canceled', ended_at: end, next_run_at: null });
    expect(t.calls).toHaveLength(0);
    expect(t.mails).toHaveLength(0);
  });
});
