import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import { epochDay } from '../../db/epoch-day';
import { parseJsonColumn } from '../../db/json-column';
import type { Database } from '../../db/schema';
import { asDayCounts, type DayCount } from '../../lib/day-counts';
import { ZStoredEntitlements } from './exam-json';

export type SessionRow = Database['exam_sessions'];
export type AnswerRow = Database['session_answers'];
export type OrderRow = Database['exam_orders'];
export type DrawnPartRow = Database['exam_drawn_parts'];

/** Every SQL statement of test sessions, answers and exam orders. */
/** What another module's list shows of an order (never the result or the consent). */
const ACCOUNT_ORDER_COLUMNS = [
  'order_number',
  'session_id',
  'exam_id',
  'status',
  'email',
  'sku_id',
  'created_at',
  'paid_at',
] as const;

const HOUR_MS = 3_600_000;

/** Adds one scored session to the running aggregates (upserts: the first of a key inserts, the rest add). */
async function countScored(
  trx: Kysely<Database>,
  t: { examId: number; country: string | null; iqShown: number | null },
  iqScore: number | null,
  now: number,
): Promise<void> {
  const numbered = iqScore === null ? 0 : 1;
  const tenths = iqScore === null ? 0 : Math.round(iqScore * 10);
  await trx
    .insertInto('score_country_totals')
    .values({ exam_id: t.examId, country: t.country ?? '', scored: 1, numbered, iq_tenths_sum: tenths })
    .onConflict((oc) =>
      oc.columns(['exam_id', 'country']).doUpdateSet((eb) => ({
        scored: eb('score_country_totals.scored', '+', 1),
        numbered: eb('score_country_totals.numbered', '+', numbered),
        iq_tenths_sum: eb('score_country_totals.iq_tenths_sum', '+', tenths),
      })),
    )
    .execute();
  if (t.country !== null) {
    await trx
      .insertInto('score_country_levels')
      .values({ exam_id: t.examId, country: t.country, iq: t.iqShown ?? 0, n: 1 })
      .onConflict((oc) =>
        oc.columns(['exam_id', 'country', 'iq']).doUpdateSet((eb) => ({ n: eb('score_country_levels.n', '+', 1) })),
      )
      .execute();
  }
  await trx
    .insertInto('score_hours')
    .values({ exam_id: t.examId, hour: Math.floor(now / HOUR_MS), n: 1 })
    .onConflict((oc) => oc.columns(['exam_id', 'hour']).doUpdateSet((eb) => ({ n: eb('score_hours.n', '+', 1) })))
    .execute();
}

export function examRepository(db: Kysely<Database>) {
  // The reads every answer and every resume make, compiled to SQL once (db/compiled-once.ts).
  const sessionById = compiledOnce(db, 1, (id: string) =>
    db.selectFrom('exam_sessions').selectAll().where('id', '=', id),
  );
  const answersOf = compiledOnce(db, 1, (sessionId: string) =>
    db.selectFrom('session_answers').selectAll().where('session_id', '=', sessionId),
  );
  const answeredCount = compiledOnce(db, 1, (sessionId: string) =>
    db
      .selectFrom('session_answers')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('session_id', '=', sessionId)
      .where('choice', 'is not', null),
  );
  const orderOfSession = compiledOnce(db, 1, (sessionId: string) =>
    db.selectFrom('exam_orders').selectAll().where('session_id', '=', sessionId),
  );
  return {
    insertSession(row: SessionRow) {
      return db.insertInto('exam_sessions').values(row).execute();
    },
    async findSession(id: string): Promise<SessionRow | undefined> {
      return (await sessionById(id))[0];
    },
    listAnswers(sessionId: string): Promise<AnswerRow[]> {
      return answersOf(sessionId);
    },
    /** The latest state of an item wins; a retried or replayed save changes nothing. */
    async upsertAnswer(row: AnswerRow) {
      const { session_id, item_id, ...rest } = row;
      await db
        .insertInto('session_answers')
        .values(row)
        .onConflict((oc) => oc.columns(['session_id', 'item_id']).doUpdateSet(rest))
        .execute();
    },
    async countAnswered(sessionId: string): Promise<number> {
      const [row] = await answeredCount(sessionId);
      return Number(row?.n ?? 0);
    },
    /**
     * A routed session's next part: its route and the key grown by that part's items, guarded on the route
     * read (of two concurrent calls one routes; the other changes nothing and reads the stored route).
     */
    async advanceRoute(sessionId: string, from: string, to: string, scoringKey: string): Promise<boolean> {
      const res = await db
        .updateTable('exam_sessions')
        .set({ route: to, scoring_key: scoringKey })
        .where('id', '=', sessionId)
        .where('route', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Locks an active session; returns false when it was not active (already confirmed, or scored). */
    async confirm(sessionId: string, now: number): Promise<boolean> {
      const res = await db
        .updateTable('exam_sessions')
        .set({ status: 'confirmed', confirmed_at: now })
        .where('id', '=', sessionId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /**
     * The scored sessions from a country (the person's own included in `n`), and how many of them were shown
     * a lower IQ than the person (a result below the range counts as lower), from the running aggregates:
     * at most one row per IQ level, whatever the number of sessions.
     */
    async countryRank(examId: number, country: string, iqShown: number) {
      const row = await db
        .selectFrom('score_country_levels')
        .select([
          sql<number>`coalesce(sum(n), 0)`.as('n'),
          sql<number>`coalesce(sum(case when iq < ${iqShown} then n else 0 end), 0)`.as('below'),
        ])
        .where('exam_id', '=', examId)
        .where('country', '=', country)
        .executeTakeFirstOrThrow();
      return { n: Number(row.n), below: Number(row.below) };
    },
    /**
     * The answers of an exam's most recent scored sessions (at most `limit` sessions), for the
     * questionnaire's reliability: only sheets that were given a result count.
     */
    async scoredAnswerSheets(examId: number, limit: number) {
      const sessions = db
        .selectFrom('exam_sessions')
        .select('id')
        .where('exam_id', '=', examId)
        .where('status', '=', 'scored')
        .orderBy('scored_at', 'desc')
        .limit(limit);
      return db
        .selectFrom('session_answers')
        .select(['session_id', 'item_id', 'choice'])
        .where('session_id', 'in', sessions)
        .execute();
    },
    /** How long the most recent scored sessions took, from the start to the confirmation (ms). */
    async scoredDurations(examId: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('exam_sessions')
        .select(['started_at', 'confirmed_at'])
        .where('exam_id', '=', examId)
        .where('status', '=', 'scored')
        .where('confirmed_at', 'is not', null)
        .orderBy('scored_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.confirmed_at) - Number(r.started_at));
    },
    /**
     * Scored sessions of an exam (all of them, and those scored in the hours since `since`), and per known
     * country the people given a number and the sum of their numbers (tenths), from the running aggregates.
     */
    async stats(examId: number, since: number) {
      const [countries, recent] = await Promise.all([
        db
          .selectFrom('score_country_totals')
          .select(['country', 'scored', 'numbered', 'iq_tenths_sum'])
          .where('exam_id', '=', examId)
          .execute(),
        db
          .selectFrom('score_hours')
          .select(sql<number>`coalesce(sum(n), 0)`.as('n'))
          .where('exam_id', '=', examId)
          .where('hour', '>=', Math.floor(since / HOUR_MS))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        total: countries.reduce((a, c) => a + Number(c.scored), 0),
        recent: Number(recent.n),
        countries: countries
          .filter((c) => c.country !== '')
          .map((c) => ({ country: c.country, numbered: Number(c.numbered), tenthsSum: Number(c.iq_tenths_sum) })),
      };
    },
    /**
     * Completions of an exam (scored sessions) for the social-proof counters: all time, since a week and since
     * 30 days ago, and from how many countries. Uses `exam_sessions_scored_idx` (exam, status, scored_at).
     */
    async completionCounts(examId: number, weekSince: number, monthSince: number) {
      const row = await db
        .selectFrom('exam_sessions')
        .select(({ fn }) => [
          fn.countAll<number>().as('total'),
          sql<number>`coalesce(sum(case when scored_at >= ${weekSince} then 1 else 0 end), 0)`.as('week'),
          sql<number>`coalesce(sum(case when scored_at >= ${monthSince} then 1 else 0 end), 0)`.as('month'),
          sql<number>`count(distinct country)`.as('countries'),
        ])
        .where('exam_id', '=', examId)
        .where('status', '=', 'scored')
        .executeTakeFirstOrThrow();
      return {
        total: Number(row.total),
        week: Number(row.week),
        month: Number(row.month),
        countries: Number(row.countries),
      };
    },
    /** The latest completions since a time (newest first): for recent-activity notices. */
    recentCompletions(examId: number, since: number, limit: number) {
      return db
        .selectFrom('exam_sessions')
        .select(['id', 'country', 'scored_at'])
        .where('exam_id', '=', examId)
        .where('status', '=', 'scored')
        .where('scored_at', '>=', since)
        .orderBy('scored_at', 'desc')
        .limit(limit)
        .execute();
    },
    async findOrderBySession(sessionId: string): Promise<OrderRow | undefined> {
      return (await orderOfSession(sessionId))[0];
    },
    /** What an order unlocks: its tier's parts and the extras bought after (the report shows only these). */
    async entitlements(order: { order_number: string; exam_id: number; sku_id: string | null }): Promise<string[]> {
      const [tier, extras] = await Promise.all([
        order.sku_id
          ? db
              .selectFrom('skus')
              .select('entitlements')
              .where('exam_id', '=', order.exam_id)
              .where('sku_id', '=', order.sku_id)
              .executeTakeFirst()
          : undefined,
        db
          .selectFrom('order_entitlements')
          .select('entitlement')
          .where('order_number', '=', order.order_number)
          .execute(),
      ]);
      const own = tier ? parseJsonColumn(ZStoredEntitlements, 'skus.entitlements', tier.entitlements) : [];
      return [...new Set([...own, ...extras.map((e) => e.entitlement)])];
    },
    /**
     * The operator's order search (newest first): an exact order number, else the address (a part of it
     * matches), within creation days. `limit + 1` rows come back so the caller knows whether there are more.
     */
    searchOrders(f: { text?: string | undefined; from?: number | undefined; to?: number | undefined; limit: number }) {
      let q = db
        .selectFrom('exam_orders')
        .selectAll()
        .orderBy('created_at', 'desc')
        .limit(f.limit + 1);
      const text = f.text?.trim();
      if (text) {
        const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) =>
          eb.or([
            eb('order_number', '=', text),
            eb(eb.fn('lower', ['email']), 'like', sql<string>`${like} escape '\\'`),
          ]),
        );
      }
      if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
      if (f.to !== undefined) q = q.where('created_at', '<', f.to);
      return q.execute();
    },
    /**
     * The funnel's counts of the exam module (UTC days from..to, epoch ms): tests and orders, by the landing
     * variant that started the test and by language.
     */
    async funnelCounts(from: number, to: number): Promise<DayCount[]> {
      const sessions = (column: 'started_at' | 'scored_at', abnormal = false) => {
        let q = db
          .selectFrom('exam_sessions')
          .select([
            epochDay(column).as('d'),
            'landing_variant as variant',
            'locale as hl',
            (eb) => eb.fn.countAll<number>().as('n'),
          ])
          .where(column, '>=', from)
          .where(column, '<', to);
        if (abnormal) q = q.where('status', '=', 'abnormal');
        return q.groupBy([epochDay(column), 'landing_variant', 'locale']).execute();
      };
      const orders = (withEmail: boolean) => {
        let q = db
          .selectFrom('exam_orders')
          .select([
            epochDay('created_at').as('d'),
            'landing_variant as variant',
            'locale as hl',
            (eb) => eb.fn.countAll<number>().as('n'),
          ])
          .where('created_at', '>=', from)
          .where('created_at', '<', to);
        if (withEmail) q = q.where('email', 'is not', null);
        return q.groupBy([epochDay('created_at'), 'landing_variant', 'locale']).execute();
      };
      const [started, finished, abnormal, ordered, emails] = await Promise.all([
        sessions('started_at'),
        sessions('scored_at'),
        sessions('started_at', true),
        orders(false),
        orders(true),
      ]);
      return [
        ...asDayCounts('testsStarted', started),
        ...asDayCounts('testsFinished', finished),
        ...asDayCounts('testsAbnormal', abnormal),
        ...asDayCounts('emailsGiven', emails),
        ...asDayCounts('orders', ordered),
      ];
    },
    /** A refunded order whose report the operator closed: it reads as refunded from now on (once). */
    async markOrderRefunded(orderNumber: string, now: number): Promise<boolean> {
      const res = await db
        .updateTable('exam_orders')
        .set({ status: 'refunded', updated_at: now })
        .where('order_number', '=', orderNumber)
        .where('status', '=', 'paid')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    findOrder(orderNumber: string) {
      return db.selectFrom('exam_orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
    },
    /** Sets the offer deadline once: a reload, a second tab or a second instance never moves it. */
    async startOffer(orderNumber: string, deadline: number): Promise<void> {
      await db
        .updateTable('exam_orders')
        .set({ offer_deadline_at: deadline })
        .where('order_number', '=', orderNumber)
        .where('offer_deadline_at', 'is', null)
        .execute();
    },
    /** The checkout's contact address (the consent is recorded by the exam's own e-mail step). */
    async setCheckoutEmail(orderNumber: string, email: string, now: number): Promise<void> {
      await db
        .updateTable('exam_orders')
        .set({ email, updated_at: now })
        .where('order_number', '=', orderNumber)
        .execute();
    },
    /** The paid orders of an address, newest first (retrieval by e-mail). */
    paidOrdersOf(email: string, limit: number) {
      return db
        .selectFrom('exam_orders')
        .select(['order_number', 'exam_id', 'sku_id', 'paid_at', 'locale'])
        .where('email', '=', email)
        .where('status', '=', 'paid')
        .orderBy('paid_at', 'desc')
        .limit(limit)
        .execute();
    },
    /** The address's results not paid for yet (never lost: retrieval lists them with the way to pay). */
    pendingOrdersOf(email: string, limit: number) {
      return db
        .selectFrom('exam_orders')
        .select(['order_number', 'exam_id', 'created_at', 'locale'])
        .where('email', '=', email)
        .where('status', '=', 'pending_payment')
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },
    /** Whether the address ever paid for this tier. */
    async hasPaidSku(email: string, skuId: string): Promise<boolean> {
      const row = await db
        .selectFrom('exam_orders')
        .select('order_number')
        .where('email', '=', email)
        .where('status', '=', 'paid')
        .where('sku_id', '=', skuId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * The paid transition of an order: once, guarded on the order still awaiting payment. False when it was
     * already paid (by this payment, a replay, or by another one).
     */
    async markPaid(
      orderNumber: string,
      p: Pick<OrderRow, 'sku_id' | 'country' | 'currency' | 'amount_minor' | 'promo_code' | 'email'> & {
        paymentId: string;
      },
      now: number,
    ): Promise<boolean> {
      const res = await db
        .updateTable('exam_orders')
        .set({
          status: 'paid',
          sku_id: p.sku_id,
          country: p.country,
          currency: p.currency,
          amount_minor: p.amount_minor,
          promo_code: p.promo_code,
          paid_payment_id: p.paymentId,
          paid_at: now,
          email: p.email,
          updated_at: now,
        })
        .where('order_number', '=', orderNumber)
        .where('status', '=', 'pending_payment')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** A gift pays the order at its tier, free; false when the order was no longer awaiting payment. */
    async markPaidByGift(orderNumber: string, skuId: string, now: number): Promise<boolean> {
      const res = await db
        .updateTable('exam_orders')
        .set({ status: 'paid', sku_id: skuId, amount_minor: 0, paid_at: now, updated_at: now })
        .where('order_number', '=', orderNumber)
        .where('status', '=', 'pending_payment')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** The certificate's serial, set once: a second request (or instance) keeps the first. */
    async issueCertificate(orderNumber: string, serial: string, now: number): Promise<void> {
      await db
        .updateTable('exam_orders')
        .set({ certificate_serial: serial, certificate_issued_at: now, updated_at: now })
        .where('order_number', '=', orderNumber)
        .where('certificate_serial', 'is', null)
        .execute();
    },
    /** The name on the certificate, set once: the first one given stays. */
    async nameCertificate(orderNumber: string, name: string, now: number): Promise<void> {
      await db
        .updateTable('exam_orders')
        .set({ certificate_name: name, updated_at: now })
        .where('order_number', '=', orderNumber)
        .where('certificate_name', 'is', null)
        .execute();
    },
    findPaidByCertificate(serial: string) {
      return db
        .selectFrom('exam_orders')
        .selectAll()
        .where('certificate_serial', '=', serial)
        .where('status', '=', 'paid')
        .executeTakeFirst();
    },
    updateOrderEmail(orderNumber: string, email: string, consent: string, now: number) {
      return db
        .updateTable('exam_orders')
        .set({ email, consent, updated_at: now })
        .where('order_number', '=', orderNumber)
        .executeTakeFirst();
    },
    /** Records that a link sent to the order's address was followed: the address is its buyer's. */
    async proveEmail(orderNumber: string, email: string, now: number): Promise<void> {
      await db
        .insertInto('email_proofs')
        .values({ order_number: orderNumber, email, proven_at: now })
        .onConflict((oc) => oc.column('order_number').doUpdateSet({ email, proven_at: now }))
        .execute();
    },
    /** The order's address, if it is proven (and still the order's address); else null. */
    async provenEmail(order: { order_number: string; email: string | null }): Promise<string | null> {
      if (!order.email) return null;
      const row = await db
        .selectFrom('email_proofs')
        .select('email')
        .where('order_number', '=', order.order_number)
        .executeTakeFirst();
      return row?.email === order.email ? order.email : null;
    },
    /** A confirmed change of a paid order's address: only from the address it was confirmed for. */
    async changeOrderEmail(orderNumber: string, from: string, to: string, now: number): Promise<boolean> {
      const res = await db
        .updateTable('exam_orders')
        .set({ email: to, updated_at: now })
        .where('order_number', '=', orderNumber)
        .where('email', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /**
     * Stores the score and creates the order in one transaction, guarded on the session still being
     * `confirmed`: of two concurrent calls exactly one scores, the other finds its order.
     */
    async recordScore(
      sessionId: string,
      outcome: { status: 'scored' | 'abnormal'; result: string | null; validity: string; iqScore: number | null },
      order: OrderRow | null,
      now: number,
      /** What the running aggregates count of a scored session: its exam, country and the IQ shown (null below the range). */
      tally: { examId: number; country: string | null; iqShown: number | null },
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('exam_sessions')
          .set({
            status: outcome.status,
            result: outcome.result,
            validity: outcome.validity,
            iq_score: outcome.iqScore,
            scored_at: now,
          })
          .where('id', '=', sessionId)
          .where('status', '=', 'confirmed')
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return false;
        if (order) await trx.insertInto('exam_orders').values(order).execute();
        // Counted in the same transaction, under the same guard: once per scored session.
        if (outcome.status === 'scored') await countScored(trx, tally, outcome.iqScore, now);
        return true;
      });
    },
    /** Orders and sessions by the keys another module holds (the personal centre's list). */
    accountOrder(orderNumber: string) {
      return db
        .selectFrom('exam_orders')
        .select(ACCOUNT_ORDER_COLUMNS)
        .where('order_number', '=', orderNumber)
        .executeTakeFirst();
    },
    paidOrdersByEmail(email: string) {
      return db
        .selectFrom('exam_orders')
        .select(ACCOUNT_ORDER_COLUMNS)
        .where('email', '=', email)
        .where('status', '=', 'paid')
        .execute();
    },
    ordersOfSessions(sessionIds: string[]) {
      if (sessionIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('exam_orders').select(ACCOUNT_ORDER_COLUMNS).where('session_id', 'in', sessionIds).execute();
    },
    sessionSummaries(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('exam_sessions')
        .select(['id', 'exam_id', 'status', 'started_at', 'deadline_at', 'iq_score'])
        .where('id', 'in', ids)
        .execute();
    },
    /** Keeps a part as drawn; a key always holds the same bytes (the seed draws them), so a repeat is a no-op. */
    async keepDrawnPart(row: DrawnPartRow): Promise<void> {
      await db
        .insertInto('exam_drawn_parts')
        .values(row)
        .onConflict((oc) => oc.columns(['session_id', 'locale', 'form_version', 'route']).doNothing())
        .execute();
    },
    /** A session's drawn parts in a language and form version, of those drawn after `routes` (one key range). */
    drawnParts(sessionId: string, locale: string, formVersion: number, routes: string[]) {
      return db
        .selectFrom('exam_drawn_parts')
        .select(['route', 'questions_br'])
        .where('session_id', '=', sessionId)
        .where('locale', '=', locale)
        .where('form_version', '=', formVersion)
        .where('route', 'in', routes)
        .execute();
    },
    /** Retention: drawn parts written before `before` (a cache: the seed draws them again). */
    async purgeDrawnParts(before: number): Promise<number> {
      const res = await db.deleteFrom('exam_drawn_parts').where('created_at', '<', before).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
    /**
     * Retention: sessions never finished (still active) whose time ran out before `deadlineBefore`, with
     * their answers. A finished session (confirmed, scored, abnormal) is never touched: orders hang on those.
     */
    async purgeUnfinished(deadlineBefore: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const stale = trx
          .selectFrom('exam_sessions')
          .select('id')
          .where(sql<boolean>`status = 'active'`)
          .where('deadline_at', '<', deadlineBefore);
        await trx.deleteFrom('session_answers').where('session_id', 'in', stale).execute();
        const res = await trx
          .deleteFrom('exam_sessions')
          .where(sql<boolean>`status = 'active'`)
          .where('deadline_at', '<', deadlineBefore)
          .executeTakeFirst();
        return Number(res.numDeletedRows);
      });
    },
  };
}
export type ExamRepository = ReturnType<typeof examRepository>;
