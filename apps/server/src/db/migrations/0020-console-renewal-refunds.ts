import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { epochMs } from './column-types';

/**
 * The operator refunds a renewal from the console (issue 21): a charge carries its refund state, so a
 * refund happens once however many clicks arrive (a guarded update from null to pending). Owned by
 * modules/subscriptions.
 */
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
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('subscription_charges_subscription_idx').ifExists().execute();
      await db.schema.alterTable('subscription_charges').dropColumn('refunded_at').execute();
      await db.schema.alterTable('subscription_charges').dropColumn('refund_status').execute();
    },
  };
}
