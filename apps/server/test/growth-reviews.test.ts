import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReviews } from '../src/modules/reviews/reviews-seed-repository';
import { buyReport, ownerPost, paidReadyOrder, post, reportToken } from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

describe.each(dialects())('buyer reviews on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const list = async (hl = 'en') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/exam/review/list/1799/${hl}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      reviews: {
        id: number;
        name: string;
        content: string;
        verifiedBuyer: boolean;
        demo: boolean;
        reply: string | null;
      }[];
      count: number;
      averageRating: number | null;
    };
  };
  const review = (orderNumber: string, over: Record<string, unknown> = {}) =>
    ownerPost(t, '/api/exam/review/submit', {
      orderNumber,
      rating: 4,
      content: 'Clear report, and the puzzles were fun. <script>alert(1)</script>',
      hl: 'en',
      ...over,
    });

  it('shows the seeded demo reviews marked as demo, never as verified buyers', async () => {
    const { reviews } = await list();
    expect(reviews.length).toBeGreaterThan(0);
    expect(reviews.every((r) => r.demo && !r.verifiedBuyer)).toBe(true);
  });

  it('takes a review only from the buyer of a paid order', async () => {
    const unpaid = await paidReadyOrder(t);
    const locked = await review(unpaid);
    expect(locked.statusCode).toBe(402);
    expect(locked.json().code).toBe('REPORT_LOCKED');
    const order = await buyReport(t, 'reviewer@example.com');
    const stranger = await post(t, '/api/exam/review/submit', {
      orderNumber: order,
      rating: 5,
      content: 'Great!!!!!!',
      hl: 'en',
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('REPORT_ACCESS_DENIED');
    const bad = await review(order, { rating: 6 });
    expect(bad.statusCode).toBe(400);
    expect((await review(order, { content: 'short' })).statusCode).toBe(400);
    expect((await review(order, { content: `\u0000\u0001${' '.repeat(20)}ok` })).statusCode).toBe(400);
    expect((await review(order, { content: 'x'.repeat(2001) })).statusCode).toBe(400);
    const count = async () =>
      Number(
        (
          await t.deps.db.kysely
            .selectFrom('reviews')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('order_number', '=', order)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(0);
  });

  it('holds a buyer review for moderation, then shows it with the badge, the name and the reply, as text', async () => {
    const order = await buyReport(t, 'critic@example.com');
    await ownerPost(t, '/api/exam/session/profile', {
      orderNumber: order,
      firstName: 'Grace',
      lastName: 'hopper',
      email: 'grace@example.com',
      normsConsent: false,
    });
    // The e-mailed link's holder may write it too (the report's reader), but only once per order.
    const token = await reportToken(t, order);
    const sent = await post(t, '/api/exam/review/submit', {
      orderNumber: order,
      token,
      rating: 4,
      content: 'Clear report, and the puzzles were fun. <script>alert(1)</script>',
      hl: 'en',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ status: 'pending' });
    const again = await review(order, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REVIEW_EXISTS');
    expect((await list()).reviews.some((r) => !r.demo)).toBe(false);

    const pending = await t.growth.reviews.listPending();
    const mine = pending.find((p) => p.orderNumber === order);
    expect(mine).toMatchObject({ status: 'pending', name: 'Grace H.', rating: 4, verifiedBuyer: true, locale: 'en' });
    if (!mine) throw new Error('pending review missing');
    await t.growth.reviews.approve(mine.id);
    await t.growth.reviews.reply(mine.id, 'Thank you, Grace!');
    expect(await t.growth.reviews.listPending()).not.toContainEqual(expect.objectContaining({ id: mine.id }));

    const shown = (await list()).reviews.find((r) => r.id === mine.id);
    // Stored and served as plain text: the web renders it as text, so the markup never runs.
    expect(shown).toMatchObject({
      name: 'Grace H.',
      verifiedBuyer: true,
      demo: false,
      reply: 'Thank you, Grace!',
      content: 'Clear report, and the puzzles were fun. <script>alert(1)</script>',
    });
    expect((await list('fr')).reviews.some((r) => r.id === mine.id)).toBe(false);

    await t.growth.reviews.reject(mine.id);
    expect((await list()).reviews.some((r) => r.id === mine.id)).toBe(false);
    await t.growth.reviews.remove(mine.id);
    expect(await t.growth.reviews.listPending()).toEqual([]);
    await expect(t.growth.reviews.approve(mine.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('removes the demo reviews for good: a restart does not seed them again', async () => {
    expect(await t.growth.reviews.removeDemo()).toBeGreaterThan(0);
    expect((await list()).reviews.filter((r) => r.demo)).toEqual([]);
    await seedReviews(t.deps.db.kysely, t.deps.translator, t.clock.now());
    expect((await list()).reviews.filter((r) => r.demo)).toEqual([]);
    expect((await list()).count).toBe(0);
    expect((await list()).averageRating).toBeNull();
  });

  it('limits review attempts per order', async () => {
    const order = await paidReadyOrder(t);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await review(order)).statusCode);
    expect(codes.slice(0, 5)).toEqual([402, 402, 402, 402, 402]);
    expect(codes.at(-1)).toBe(429);
    // Two windows later it answers again (the window slides).
    t.clock.advance(2 * 60 * 60_000 + 1);
    expect((await review(order)).statusCode).toBe(402);
  });
});
