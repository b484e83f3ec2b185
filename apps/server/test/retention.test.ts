import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitRepository } from '../src/modules/rate-limit/rate-limit-repository';
import { buyReport, deliverMail } from './checkout-helpers';
import { startTest } from './exam-session';
import { createTestApp, dialects, type TestApp } from './test-app';

const DAY = 86_400_000;

/** Issue 14, "Keep only what is needed": the daily retention job (decision 0026). */
describe.each(dialects())('the daily retention job on %s', (dialect) => {
  let t: TestApp;
  const start = { at: 0 };
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: {
        PAGE_VIEW_RETENTION_DAYS: '30',
        UNFINISHED_SESSION_RETENTION_DAYS: '7',
        MAIL_BODY_RETENTION_DAYS: '20',
        PAYMENT_EVENT_RETENTION_DAYS: '30',
      },
    });
    start.at = t.clock.now();
  });
  afterAll(() => t.close());

  const db = () => t.deps.db.kysely;
  const view = (url: string, hl: string) =>
    t.app.inject({ method: 'GET', url: `/api/app/v2/view?dl=${encodeURIComponent(url)}&hl=${hl}` });
  const sessionIds = async () => await db().selectFrom('exam_sessions').select(['id', 'status']).execute();
  const startSession = async () => (await startTest(t, { restart: true })).sessionId;

  it('rolls page views into daily counts, then deletes what is older than its period; paid orders stay', async () => {
    // Day 0: views, an unfinished test with an answer, a paid order (its e-mail sent), a limit hit, an event.
    for (let i = 0; i < 3; i++) await view('https://example.com/landing_page/test_center/1799', 'en');
    await view('https://example.com/free/1799', 'fr');
    await view('https://example.com/', 'en');
    const abandoned = await startSession();
    await t.app.inject({
      method: 'POST',
      url: '/api/exam/session/answer/save',
      payload: {
        sessionId: abandoned,
        itemId: 'x',
        choice: 1,
        timeMs: 1000,
        firstChoiceMs: 500,
        changes: 0,
        focusLosses: 0,
      },
    });
    const order = await buyReport(t, 'keep@example.com');
    await deliverMail(t);
    await rateLimitRepository(db()).countHit('test:old', t.clock.now(), 60_000);
    await db()
      .insertInto('payment_events')
      .values({
        provider: 'stripe',
        event_id: 'evt_old',
        type: 't',
        ref: null,
        received_at: t.clock.now(),
        processed_at: t.clock.now(),
      })
      .execute();

    // 40 days later: a fresh test in progress, yesterday's and today's views, a new event and limit hit.
    t.clock.advance(39 * DAY);
    await view('https://example.com/landing_page/test_center/1799', 'en');
    t.clock.advance(DAY);
    const current = await startSession();
    await view('https://example.com/landing_page/test_center/1799', 'en');
    await rateLimitRepository(db()).countHit('test:new', t.clock.now(), 60_000);
    await db()
      .insertInto('payment_events')
      .values({
        provider: 'stripe',
        event_id: 'evt_new',
        type: 't',
        ref: null,
        received_at: t.clock.now(),
        processed_at: t.clock.now(),
      })
      .execute();

    expect(await t.retention.runOnce()).toBeGreaterThan(0);

    const day0 = new Date(start.at).toISOString().slice(0, 10);
    const yesterday = new Date(t.clock.now() - DAY).toISOString().slice(0, 10);
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    const counts = await t.deps.tracking.dailyCounts({ from: day0, to: today });
    expect(counts).toEqual([
      { day: day0, variant: '', hl: 'en', event: 'home', n: 1 },
      { day: day0, variant: 'free', hl: 'fr', event: 'landing', n: 1 },
      { day: day0, variant: 'test_center', hl: 'en', event: 'landing', n: 3 },
      { day: yesterday, variant: 'test_center', hl: 'en', event: 'landing', n: 1 },
    ]);
    // Raw views: day 0's went (older than 30 days); yesterday's and today's stay.
    const raw = await db().selectFrom('page_views').select('created_at').execute();
    expect(raw.map((r) => Number(r.created_at) >= t.clock.now() - DAY).every(Boolean)).toBe(true);
    expect(raw).toHaveLength(2);

    // The abandoned test went with its answers; the current one and the paid order's test stay.
    const sessions = await sessionIds();
    expect(sessions.map((s) => s.id)).not.toContain(abandoned);
    expect(sessions.map((s) => s.id)).toContain(current);
    const paid = await db()
      .selectFrom('exam_orders')
      .innerJoin('exam_sessions', 'exam_sessions.id', 'exam_orders.session_id')
      .select(['exam_orders.status', 'exam_sessions.result'])
      .where('order_number', '=', order)
      .executeTakeFirstOrThrow();
    expect(paid.status).toBe('paid');
    expect(paid.result).not.toBeNull();
    const answers = await db()
      .selectFrom('session_answers')
      .select('session_id')
      .where('session_id', '=', abandoned)
      .execute();
    expect(answers).toHaveLength(0);

    // Sent e-mails older than 20 days keep their row but not their data; limits and events went.
    const sent = await db().selectFrom('mail_outbox').select(['payload', 'status']).execute();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((m) => m.status !== 'sent' || m.payload === '{}')).toBe(true);
    const hits = await db().selectFrom('rate_limit_hits').select('key').execute();
    expect(hits.map((h) => h.key.split('@')[0])).toEqual(['test:new']);
    const events = await db().selectFrom('payment_events').select('event_id').execute();
    expect(events.map((e) => e.event_id)).toEqual(['evt_new']);
    // Drawn test parts are kept a day: day 0's went (the paid order's test too: its seed draws them again).
    const drawn = await db().selectFrom('exam_drawn_parts').select('session_id').execute();
    expect(drawn.map((d) => d.session_id)).toEqual([current]);
  });

  it('runs once a day: a second pass the same day does nothing, the next day rolls up the day before', async () => {
    expect(await t.retention.runOnce()).toBe(0);
    t.clock.advance(DAY);
    await t.retention.runOnce();
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    const counts = await t.deps.tracking.dailyCounts({ from: '2000-01-01', to: today });
    // Yesterday's single view is counted once, not twice.
    const yesterday = new Date(t.clock.now() - DAY).toISOString().slice(0, 10);
    expect(counts.filter((c) => c.day === yesterday)).toEqual([
      { day: yesterday, variant: 'test_center', hl: 'en', event: 'landing', n: 1 },
    ]);
    expect(counts.filter((c) => c.event === 'landing' && c.variant === 'test_center').map((c) => c.n)).toEqual([
      3, 1, 1,
    ]);
  });
});
