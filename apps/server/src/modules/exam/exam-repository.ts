import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { parseJsonColumn } from '../../db/json-column';
import type { Database } from '../../db/schema';
import { ZStoredEntitlements } from './exam-json';

export type SessionRow = Database['exam_sessions'];
export type AnswerRow = Database['session_answers'];
export type OrderRow = Database['exam_orders'];

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

export function examRepository(db: Kysely<Database>) {
  return {
    insertSession(row: SessionRow) {
      return db.insertInto('exam_sessions').values(row).execute();
    },
    findSession(id: string) {
      return db.selectFrom('exam_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    listAnswers(sessionId: string) {
      return db.selectFrom('session_answers').selectAll().where('session_id', '=', sessionId).execute();
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
      const row = await db
        .selectFrom('session_answers')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('session_id', '=', sessionId)
        .where('choice', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
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
    /** Scored sessions of an exam: the total, and per country the count and mean IQ. */
    /**
     * The scored sessions from a country (the person's own included in `n`), and how many of the others
     * scored lower than the person's stored score (the same value the statistics use).
     */
    async countryRank(examId: number, country: string, sessionId: string, iqScore: number) {
      const row = await db
        .selectFrom('exam_sessions')
        .select(({ fn }) => [
          fn.countAll<number>().as('n'),
          sql<number>`coalesce(sum(case when iq_score < ${iqScore} and id <> ${sessionId} then 1 else 0 end), 0)`.as(
            'below',
          ),
        ])
        .where('exam_id', '=', examId)
        .where('status', '=', 'scored')
        .where('country', '=', country)
        .executeTakeFirstOrThrow();
      return { n: Number(row.n), below: Number(row.below) };
    },
    async stats(examId: number, since: number) {
      const total = await db
        .selectFrom('exam_sessions')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('exam_id', '=', examId)
        .where('status', '=', 'scored')
        .executeTakeFirstOrThrow();
      const recent = await db
        .selectFrom('exam_sessions')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('exam_id', '=', examId)
        .where('status', '=', 'scored')
        .where('scored_at', '>=', since)
        .executeTakeFirstOrThrow();
      const countries = await db
        .selectFrom('exam_sessions')
        .select(({ fn }) => ['country', fn.countAll<number>().as('n'), fn.avg<number>('iq_score').as('mean')])
        .where('exam_id', '=', examId)
        .where('status', '=', 'scored')
        .where('country', 'is not', null)
        .groupBy('country')
        .execute();
      return { total: Number(total.n), recent: Number(recent.n), countries };
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
    findOrderBySession(sessionId: string) {
      return db.selectFrom('exam_orders').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
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
  };
}
export type ExamRepository = ReturnType<typeof examRepository>;
