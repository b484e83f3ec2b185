import type { TEntitlement } from '@mindgauge/contract';
import { describe, expect, it } from 'vitest';
import type { Translator } from '../../i18n/translator';
import { ManualClock } from '../../lib/clock';
import { createTtlCache } from '../../lib/ttl-cache';
import type { ExamOrders, Order, Session } from '../exam/exam-orders';
import type { ExtrasRepository } from './extras-repository';
import { type ExtrasDeps, extrasService } from './extras-service';
import { DISCOUNT_SKU, MEMBER_PERCENT_OFF } from './package-definitions';

/**
 * Extras pricing against in-memory fakes of the extras repository and the exam module's orders: who is a
 * member (a Complete report bought with the address, a running VIP, the discount entitlement) and what each
 * extra then costs, in the currency of the order's country (or the default table's). The database suite
 * (test/extras.test.ts) proves the same on both dialects end to end; here each rule is one fast case.
 */
const NOW = Date.UTC(2026, 0, 1);
const SESSION = 'session-1';

type PriceRow = { exam_id: number; package_id: string; country: string; currency: string; amount_minor: number };
const TABLES: PriceRow[] = [
  ...[
    ['answerAnalysis', 499],
    ['assessmentShares', 799],
    ['advancedBundle', 1499],
    ['vip', 1999],
    ['presentedExam', 999],
  ].map(([id, amount]) => ({
    exam_id: 1,
    package_id: String(id),
    country: 'US',
    currency: 'USD',
    amount_minor: Number(amount),
  })),
  { exam_id: 1, package_id: 'answerAnalysis', country: 'JP', currency: 'JPY', amount_minor: 75_000 },
  { exam_id: 1, package_id: 'vip', country: 'JP', currency: 'JPY', amount_minor: 299_900 },
];

function order(patch: Partial<Order>): Order {
  return {
    order_number: 'A1',
    exam_id: 1,
    session_id: SESSION,
    status: 'paid',
    email: 'buyer@example.com',
    country: 'US',
    ...patch,
  } as Order;
}

function service(
  o: Order,
  world: {
    entitlements?: TEntitlement[];
    /** A VIP membership bought with the order's address, running until then. */
    vipUntil?: number;
    completeBuyers?: string[];
    /** Whether the order's address is proven (a followed e-mail link): memberships follow proven ones only. */
    proven?: boolean;
  } = {},
) {
  const repo = {
    async packagePrices(examId: number, country: string) {
      return TABLES.filter((r) => r.exam_id === examId && r.country === country);
    },
    async activeVip(email: string | null, _orderNumber: string | null, now: number) {
      return world.vipUntil && world.vipUntil > now && email !== null && email === o.email
        ? { since: NOW - 86_400_000, until: world.vipUntil }
        : undefined;
    },
  } as unknown as ExtrasRepository;
  const exams = {
    async findOrder(n: string) {
      return n === o.order_number ? o : undefined;
    },
    async findSession(id: string) {
      return id === SESSION ? ({ id, result: '{}' } as unknown as Session) : undefined;
    },
    async entitlements() {
      return world.entitlements ?? [];
    },
    async hasPaidSku(email: string, sku: string) {
      return sku === DISCOUNT_SKU && (world.completeBuyers ?? []).includes(email);
    },
    async provenEmail(x: { order_number: string; email: string | null }) {
      return world.proven && x.order_number === o.order_number ? x.email : null;
    },
  } as unknown as ExamOrders;
  const clock = new ManualClock(NOW);
  return extrasService({
    repo,
    exams,
    clock,
    cache: createTtlCache(clock, 60_000),
    translator: { t: (_l: string, key: string) => key } as unknown as Translator,
    reportLinkSecret: 'secret',
  } as unknown as ExtrasDeps);
}

const mine = { sessionId: SESSION };
const priceOf = async (s: ReturnType<typeof service>, id: string) =>
  (await s.packageList('A1', mine, 'en')).packages.find((p) => p.packageId === id);

describe('extras pricing (in-memory fakes)', () => {
  it('a visitor who is no member pays the list price, in the order country’s currency', async () => {
    const s = service(order({}));
    const list = (await s.packageList('A1', mine, 'en')).packages;
    expect(list.map((p) => [p.packageId, p.price.amount, p.memberPercentOff])).toEqual([
      ['answerAnalysis', 499, 0],
      ['assessmentShares', 799, 0],
      ['advancedBundle', 1499, 0],
      ['vip', 1999, 0],
      ['presentedExam', 999, 0],
    ]);
    expect(list.every((p) => !p.owned)).toBe(true);
  });

  it('a Complete report once bought with the address takes 20% off every extra; the list price stays shown', async () => {
    const s = service(order({}), { completeBuyers: ['buyer@example.com'], proven: true });
    const analysis = await priceOf(s, 'answerAnalysis');
    expect(MEMBER_PERCENT_OFF).toBe(20);
    expect(analysis?.price).toMatchObject({ amount: 399, listAmount: 499 });
    expect(analysis?.memberPercentOff).toBe(20);
    // Another address is no member.
    expect(
      (await priceOf(service(order({ email: 'other@example.com' }), { proven: true }), 'answerAnalysis'))?.price.amount,
    ).toBe(499);
    // Nor is the buyer's address merely typed into another order, until a followed link proves it (issue 13).
    const typed = service(order({}), { completeBuyers: ['buyer@example.com'] });
    expect((await priceOf(typed, 'answerAnalysis'))?.price.amount).toBe(499);
  });

  it('a running VIP membership is a member’s discount too, and the VIP extra shows as owned', async () => {
    const s = service(order({}), { vipUntil: NOW + 86_400_000, proven: true });
    expect((await priceOf(s, 'advancedBundle'))?.price.amount).toBe(1199);
    expect((await priceOf(s, 'vip'))?.owned).toBe(true);
    // Not for an address merely typed (unproven).
    const typed = service(order({}), { vipUntil: NOW + 86_400_000 });
    expect((await priceOf(typed, 'advancedBundle'))?.price.amount).toBe(1499);
    // An ended membership counts for nothing.
    const ended = service(order({}), { vipUntil: NOW - 1, proven: true });
    expect((await priceOf(ended, 'advancedBundle'))?.price.amount).toBe(1499);
    expect((await priceOf(ended, 'vip'))?.owned).toBe(false);
  });

  it('what an order already unlocked is owned; the discount entitlement makes its holder a member', async () => {
    const s = service(order({}), { entitlements: ['answerAnalysis', 'discount'] as TEntitlement[] });
    expect((await priceOf(s, 'answerAnalysis'))?.owned).toBe(true);
    expect((await priceOf(s, 'advancedBundle'))?.owned).toBe(false);
    expect((await priceOf(s, 'advancedBundle'))?.price.amount).toBe(1199);
  });

  it('a currency shown without decimals is discounted to whole units; a country without a table gets the default', async () => {
    const yen = service(order({ country: 'JP' }), { completeBuyers: ['buyer@example.com'], proven: true });
    const list = (await yen.packageList('A1', mine, 'en')).packages;
    expect(list.map((p) => [p.packageId, p.price.currency, p.price.amount])).toEqual([
      ['answerAnalysis', 'JPY', 60_000],
      ['vip', 'JPY', 239_900],
    ]);
    const elsewhere = service(order({ country: 'ZZ' }));
    expect((await priceOf(elsewhere, 'answerAnalysis'))?.price).toMatchObject({ currency: 'USD', amount: 499 });
  });

  it('only whoever may read the report sees its extras', async () => {
    const s = service(order({}));
    await expect(s.packageList('A1', { sessionId: 'someone-else' }, 'en')).rejects.toMatchObject({
      code: 'REPORT_ACCESS_DENIED',
    });
    await expect(s.packageList('A1', mine, 'en')).resolves.toBeDefined();
  });
});
