import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { epochMs } from './column-types';

/**
 * The operator refunds a renewal from the console (issue 21): a charge carries its refund state, so a
 * refund happens once however many clicks arrive (a guarded update from null to pending). Owned by
 * modules/subscriptions. The funnel (console) counts records per UTC day on their time columns: one index
 * each, so a range of days reads only those rows (each index in its owning module's table).
 */
const FUNNEL_INDEXES: [string, string, string][] = [
  ['funnel_sessions_started_idx', 'exam_sessions', 'started_at'],
  ['funnel_sessions_scored_idx', 'exam_sessions', 'scored_at'],
  ['funnel_orders_created_idx', 'exam_orders', 'created_at'],
  ['funnel_payments_settled_idx', 'payments', 'settled_at'],
  ['funnel_subscriptions_created_idx', 'subscriptions', 'created_at'],
  ['funnel_subscriptions_cancel_idx', 'subscriptions', 'cancel_requested_at'],
  ['funnel_charges_settled_idx', 'subscription_charges', 'settled_at'],
];
export function consoleRenewalRefunds(dialect: Dialect) {
  const ms = epochMs(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('subscription_charges').addColumn('refund_status', 'text').execute();
      await db.schema.alterTable('subscription_charges').addColumn('refunded_at', ms).execute();
      // The console lists a subscription's charges: by subscription, newest period first.
      await db.schema
        .createIndex('subscription_charges_subscription_idx')
        .on('subscription_charges')
        .columns(['subscription_id', 'period_no'])
        .execute();
      for (const [name, table, column] of FUNNEL_INDEXES)
        await db.schema.createIndex(name).on(table).column(column).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const [name] of FUNNEL_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
      await db.schema.dropIndex('subscription_charges_subscription_idx').ifExists().execute();
      await db.schema.alterTable('subscription_charges').dropColumn('refunded_at').execute();
      await db.schema.alterTable('subscription_charges').dropColumn('refund_status').execute();
    },
  };
}
