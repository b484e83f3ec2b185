import { type Kysely, sql, type Updateable } from 'kysely';
import { epochDay } from '../../db/epoch-day';
import type { Database } from '../../db/schema';
import { withTransaction } from '../../db/with-transaction';
import { asDayCounts, type DayCount } from '../../lib/day-counts';
import { mailOutbox } from '../mail/enqueue-mail';

export type SubscriptionRow = Database['subscriptions'];
export type ChargeRow = Database['subscription_charges'];

/** Subscriptions that will still charge (trial, active, or retrying a failed renewal) and are not cancelled. */
const RUNNING = ['trialing', 'active', 'past_due'] as const;

/** Every SQL statement of subscriptions and their renewal charges. */
export function subscriptionRepository(db: Kysely<Database>) {
  return {
    /** Requests the end at the period's end (once: a cancel already requested, or an ended plan, is left). */
    async requestCancel(id: string, nextRunAt: number, now: number): Promise<boolean> {
      const res = await db
        .updateTable('subscriptions')
        .set({ cancel_requested_at: now, next_run_at: nextRunAt, updated_at: now })
        .where('id', '=', id)
        .where('cancel_requested_at', 'is', null)
        .where('status', '!=', 'canceled')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** The processor ended the subscription: ours ends now (once). */
    async endIfRunning(id: string, now: number): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set({ status: 'canceled', ended_at: now, next_run_at: null, updated_at: now })
        .where('id', '=', id)
        .where('status', '!=', 'canceled')
        .execute();
    },
    /** Cancelled at the processor: no further charge here either (once). */
    async cancelRequestedAtProcessor(id: string, nextRunAt: number, now: number): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set({ cancel_requested_at: now, next_run_at: nextRunAt, updated_at: now })
        .where('id', '=', id)
        .where('cancel_requested_at', 'is', null)
        .execute();
    },
    /** A processor's renewal failed again: past due, counted once per attempt. */
    async markPastDue(id: string, attempts: number, now: number): Promise<boolean> {
      const res = await db
        .updateTable('subscriptions')
        .set({ status: 'past_due', failed_attempts: attempts, updated_at: now })
        .where('id', '=', id)
        .where('failed_attempts', '<', attempts)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Moves to the next period, once: guarded by the period it was in. */
    async advancePeriod(
      sub: Pick<SubscriptionRow, 'id' | 'period_no'>,
      period: { start: number; end: number },
      now: number,
    ): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set({
          status: 'active',
          period_no: sub.period_no + 1,
          current_period_start: period.start,
          current_period_end: period.end,
          failed_attempts: 0,
          updated_at: now,
        })
        .where('id', '=', sub.id)
        .where('period_no', '=', sub.period_no)
        .execute();
    },
    /** The trial's reminder was queued (once). */
    async markReminded(id: string, now: number): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set({ reminder_sent_at: now, updated_at: now })
        .where('id', '=', id)
        .where('reminder_sent_at', 'is', null)
        .execute();
    },
    /** A failed renewal attempt recorded on the subscription (once per attempt): past due, or ended. */
    async recordFailedAttempt(id: string, attempt: number, last: boolean, now: number): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set(
          last
            ? { status: 'canceled', ended_at: now, failed_attempts: attempt + 1, next_run_at: null, updated_at: now }
            : { status: 'past_due', failed_attempts: attempt + 1, updated_at: now },
        )
        .where('id', '=', id)
        .where('failed_attempts', '=', attempt)
        .execute();
    },
    /** A renewal the processor already charged (its invoice), recorded once; whether this call recorded it. */
    async insertSettledCharge(row: ChargeRow): Promise<boolean> {
      const inserted = await db
        .insertInto('subscription_charges')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    /** A pending or failed charge succeeded (once). */
    async settleCharge(id: string, providerRef: string, now: number): Promise<boolean> {
      const res = await db
        .updateTable('subscription_charges')
        .set({ status: 'succeeded', provider_ref: providerRef, failure_code: null, settled_at: now })
        .where('id', '=', id)
        .where('status', '!=', 'succeeded')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** A pending charge failed (once). */
    async failCharge(
      id: string,
      providerRef: string | null,
      failureCode: string | null,
      now: number,
    ): Promise<boolean> {
      const res = await db
        .updateTable('subscription_charges')
        .set({ status: 'failed', provider_ref: providerRef, failure_code: failureCode, settled_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** How many subscriptions are due to run by `now` (the metrics endpoint's gauge). */
    async countDue(now: number): Promise<number> {
      const r = await db
        .selectFrom('subscriptions')
        .select(sql<number>`count(*)`.as('n'))
        .where('next_run_at', '<=', now)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    /** Starts a subscription; a replay of the same first payment finds the one already made. */
    async insert(row: SubscriptionRow): Promise<SubscriptionRow> {
      await db
        .insertInto('subscriptions')
        .values(row)
        .onConflict((oc) => oc.column('first_payment_id').doNothing())
        .execute();
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('first_payment_id', '=', row.first_payment_id)
        .executeTakeFirstOrThrow();
    },
    /** The exam's active plans, in their order. */
    activePlans(examId: number) {
      return db
        .selectFrom('plans')
        .selectAll()
        .where('exam_id', '=', examId)
        .where('active', '=', 1)
        .orderBy('sort')
        .execute();
    },
    planPrices(examId: number, country: string): Promise<Database['plan_prices'][]> {
      return db
        .selectFrom('plan_prices')
        .selectAll()
        .where('exam_id', '=', examId)
        .where('country', '=', country)
        .execute();
    },
    /** The plan prices an order was shown for a price table's country; none before it was first shown. */
    orderPlanPrices(orderNumber: string, country: string): Promise<Database['order_plan_prices'][]> {
      return db
        .selectFrom('order_plan_prices')
        .selectAll()
        .where('order_number', '=', orderNumber)
        .where('country', '=', country)
        .execute();
    },
    /** Keeps the plan prices an order is shown; the first copy wins (a concurrent second copy adds nothing). */
    async keepOrderPlanPrices(rows: Database['order_plan_prices'][]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('order_plan_prices')
        .values(rows)
        .onConflict((oc) => oc.columns(['order_number', 'country', 'plan_id']).doNothing())
        .execute();
    },
    planPrice(examId: number, planId: string, country: string): Promise<Database['plan_prices'] | undefined> {
      return db
        .selectFrom('plan_prices')
        .selectAll()
        .where('exam_id', '=', examId)
        .where('plan_id', '=', planId)
        .where('country', '=', country)
        .executeTakeFirst();
    },
    /** Sets one plan's prices for a country (the currency stays the table's). */
    async setPlanPrice(p: { examId: number; planId: string; country: string; amount: number; trial: number | null }) {
      await db
        .updateTable('plan_prices')
        .set({ amount_minor: p.amount, trial_amount_minor: p.trial })
        .where('exam_id', '=', p.examId)
        .where('plan_id', '=', p.planId)
        .where('country', '=', p.country)
        .execute();
    },
    /** Every plan price of every exam (the operator's catalogue), by exam, country and plan. */
    allPlanPrices(): Promise<Database['plan_prices'][]> {
      return db
        .selectFrom('plan_prices')
        .selectAll()
        .orderBy('exam_id')
        .orderBy('country')
        .orderBy('plan_id')
        .execute();
    },
    find(id: string): Promise<SubscriptionRow | undefined> {
      return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByProcessorRef(provider: string, ref: string): Promise<SubscriptionRow | undefined> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('provider', '=', provider as SubscriptionRow['provider'])
        .where('processor_ref', '=', ref)
        .executeTakeFirst();
    },
    latestForOrder(orderNumber: string): Promise<SubscriptionRow | undefined> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('order_number', '=', orderNumber)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    /** The address's subscriptions that would charge again (not cancelled, not ended). */
    cancellableForEmail(email: string): Promise<SubscriptionRow[]> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('email', '=', email)
        .where('status', 'in', RUNNING)
        .where('cancel_requested_at', 'is', null)
        .orderBy('created_at')
        .execute();
    },
    /** The address's subscriptions that are not over (for the members' training access). */
    notEndedForEmail(email: string) {
      return db
        .selectFrom('subscriptions')
        .select(['status', 'cancel_requested_at', 'current_period_end'])
        .where('email', '=', email)
        .where('status', '!=', 'canceled')
        .execute();
    },
    /** Due for the scheduler and not leased by another worker. */
    dueIds(now: number, limit: number) {
      return db
        .selectFrom('subscriptions')
        .select('id')
        .where('next_run_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('next_run_at')
        .limit(limit)
        .execute();
    },
    /**
     * Leases a due subscription: a guarded update, so of several instances exactly one gets it (SQLite and
     * PostgreSQL alike); a worker that dies loses the lease when it runs out.
     */
    claim(id: string, now: number, leaseMs: number): Promise<SubscriptionRow | undefined> {
      return db
        .updateTable('subscriptions')
        .set({ locked_until: now + leaseMs })
        .where('id', '=', id)
        .where('next_run_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .returningAll()
        .executeTakeFirst();
    },
    /** Ends the lease and records the next run (the holder's own lease only). */
    async release(id: string, lease: number, patch: Updateable<SubscriptionRow>): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set({ ...patch, locked_until: null })
        .where('id', '=', id)
        .where('locked_until', '=', lease)
        .execute();
    },
    /**
     * Changes the subscription only if its period end and plan are still the ones read (and, when given, its
     * status): of two concurrent changes (a double click) one applies.
     */
    async updateIfUnchanged(
      sub: Pick<SubscriptionRow, 'id' | 'current_period_end' | 'plan_id'>,
      patch: Updateable<SubscriptionRow>,
      status?: SubscriptionRow['status'],
    ): Promise<void> {
      let q = db
        .updateTable('subscriptions')
        .set(patch)
        .where('id', '=', sub.id)
        .where('current_period_end', '=', sub.current_period_end)
        .where('plan_id', '=', sub.plan_id);
      if (status) q = q.where('status', '=', status);
      await q.execute();
    },
    /** Changes the plan's terms (a processor bills them); guarded on the plan read. */
    async updateTermsIfPlan(
      sub: Pick<SubscriptionRow, 'id' | 'plan_id'>,
      patch: Updateable<SubscriptionRow>,
    ): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set(patch)
        .where('id', '=', sub.id)
        .where('plan_id', '=', sub.plan_id)
        .execute();
    },
    async insertCharge(row: ChargeRow): Promise<void> {
      await db
        .insertInto('subscription_charges')
        .values(row)
        .onConflict((oc) => oc.columns(['subscription_id', 'period_no', 'attempt']).doNothing())
        .execute();
    },
    chargesOf(subscriptionId: string): Promise<ChargeRow[]> {
      return db
        .selectFrom('subscription_charges')
        .selectAll()
        .where('subscription_id', '=', subscriptionId)
        .orderBy('period_no')
        .orderBy('attempt')
        .execute();
    },
    /**
     * The funnel's counts of plans (UTC days from..to, epoch ms), by language: plans started, trials that
     * converted (the first renewal after a trial paid), cancellations asked.
     */
    async funnelCounts(from: number, to: number): Promise<DayCount[]> {
      const subs = (column: 'created_at' | 'cancel_requested_at') =>
        db
          .selectFrom('subscriptions')
          .select([
            epochDay(column).as('d'),
            'landing_variant as variant',
            'locale as hl',
            (eb) => eb.fn.countAll<number>().as('n'),
          ])
          .where(column, '>=', from)
          .where(column, '<', to)
          .groupBy([epochDay(column), 'landing_variant', 'locale'])
          .execute();
      const day = epochDay('subscription_charges.settled_at');
      const conversions = db
        .selectFrom('subscription_charges')
        .innerJoin('subscriptions', 'subscriptions.id', 'subscription_charges.subscription_id')
        .select([
          day.as('d'),
          'subscriptions.landing_variant as variant',
          'subscriptions.locale as hl',
          (eb) => eb.fn.countAll<number>().as('n'),
        ])
        .where('subscription_charges.settled_at', '>=', from)
        .where('subscription_charges.settled_at', '<', to)
        .where('subscription_charges.status', '=', 'succeeded')
        .where('subscription_charges.period_no', '=', 1)
        .where('subscriptions.trial_end_at', 'is not', null)
        .groupBy([day, 'subscriptions.landing_variant', 'subscriptions.locale'])
        .execute();
      const [started, converted, canceled] = await Promise.all([
        subs('created_at'),
        conversions,
        subs('cancel_requested_at'),
      ]);
      return [
        ...asDayCounts('planStarts', started),
        ...asDayCounts('trialConversions', converted),
        ...asDayCounts('cancellations', canceled),
      ];
    },
    /** Every subscription of an address, newest first (the console; on subscriptions_email_idx). */
    forEmail(email: string, limit: number): Promise<SubscriptionRow[]> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('email', '=', email)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },
    findCharge(subscriptionId: string, chargeId: string): Promise<ChargeRow | undefined> {
      return db
        .selectFrom('subscription_charges')
        .selectAll()
        .where('id', '=', chargeId)
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirst();
    },
    /** An operator's refund of a paid renewal: true for the one call that asked first. */
    async markChargeRefundPending(id: string): Promise<boolean> {
      const r = await db
        .updateTable('subscription_charges')
        .set({ refund_status: 'pending' })
        .where('id', '=', id)
        .where('status', '=', 'succeeded')
        .where('refund_status', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async clearChargeRefund(id: string): Promise<void> {
      await db
        .updateTable('subscription_charges')
        .set({ refund_status: null })
        .where('id', '=', id)
        .where('refund_status', '=', 'pending')
        .execute();
    },
    async markChargeRefunded(id: string, now: number): Promise<void> {
      await db
        .updateTable('subscription_charges')
        .set({ refund_status: 'refunded', refunded_at: now })
        .where('id', '=', id)
        .where('refund_status', '=', 'pending')
        .execute();
    },
  };
}
export type SubscriptionRepository = ReturnType<typeof subscriptionRepository>;

/** What a subscription's own transactions use: its repository and the outbox, bound to the transaction. */
export const subscriptionTransactionRepositories = (db: Kysely<Database>) => ({
  subscriptions: subscriptionRepository(db),
  mail: mailOutbox(db),
});
export type SubscriptionTransactionRepositories = ReturnType<typeof subscriptionTransactionRepositories>;
export const subscriptionTransactor = (db: Kysely<Database>) =>
  withTransaction(db, subscriptionTransactionRepositories);
