import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { epochMs } from './column-types';

/**
 * Orders keep the plan prices they were shown (issue 21, decision 0038), owned by modules/subscriptions: the
 * first time an order's plans are shown for a country's price table, that table's plan prices are copied
 * here, and the order's plan list, its plan payment and the subscription it starts read the copy, so an
 * operator's change to a plan price applies to new orders only. A started subscription keeps its own amount.
 */
export function orderPlanPrices(dialect: Dialect) {
  const ms = epochMs(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('order_plan_prices')
        .addColumn('order_number', 'text', (c) => c.notNull())
        // The price table's country (the default table's when the visitor's country has none).
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('trial_amount_minor', 'integer')
        .addColumn('created_at', ms, (c) => c.notNull())
        .addPrimaryKeyConstraint('order_plan_prices_pk', ['order_number', 'country', 'plan_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('order_plan_prices').ifExists().execute();
    },
  };
}
