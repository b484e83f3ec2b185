import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { epochMs } from './column-types';

/**
 * Plans and subscriptions: the plans and their prices per country, the subscriptions (one per paid plan
 * checkout) with the scheduler's lease, one row per renewal charge attempt (unique per period and attempt,
 * so two instances never charge a period twice), and the sandbox processor's saved payment methods.
 */
export function subscriptions(dialect: Dialect) {
  const ms = epochMs(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('plans')
        .addColumn('exam_id', 'integer', (c) => c.notNull())
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('billing_interval', 'text', (c) => c.notNull())
        .addColumn('interval_count', 'integer', (c) => c.notNull())
        .addColumn('trial_days', 'integer', (c) => c.notNull())
        .addColumn('includes_sku_id', 'text', (c) => c.notNull())
        .addColumn('features', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('plans_pk', ['exam_id', 'plan_id'])
        .execute();
      await db.schema
        .createTable('plan_prices')
        .addColumn('exam_id', 'integer', (c) => c.notNull())
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('trial_amount_minor', 'integer')
        .addPrimaryKeyConstraint('plan_prices_pk', ['exam_id', 'plan_id', 'country'])
        .execute();

      await db.schema.alterTable('payments').addColumn('plan_id', 'text').execute();
      await db.schema.alterTable('payments').addColumn('processor_subscription_ref', 'text').execute();
      await db.schema
        .alterTable('sandbox_payments')
        .addColumn('save_method', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('sandbox_payments').addColumn('payment_method_id', 'text').execute();
      await db.schema
        .createTable('sandbox_payment_methods')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('card_brand', 'text')
        .addColumn('card_last4', 'text')
        .addColumn('failing', 'integer', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_number', 'text', (c) => c.notNull())
        .addColumn('exam_id', 'integer', (c) => c.notNull())
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('first_payment_id', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('billing_interval', 'text', (c) => c.notNull())
        .addColumn('interval_count', 'integer', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('method_ref', 'text')
        .addColumn('billed_by', 'text', (c) => c.notNull())
        .addColumn('processor_ref', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('trial_end_at', ms)
        .addColumn('period_no', 'integer', (c) => c.notNull())
        .addColumn('current_period_start', ms, (c) => c.notNull())
        .addColumn('current_period_end', ms, (c) => c.notNull())
        .addColumn('reminder_sent_at', ms)
        .addColumn('cancel_requested_at', ms)
        .addColumn('ended_at', ms)
        .addColumn('failed_attempts', 'integer', (c) => c.notNull())
        .addColumn('next_run_at', ms)
        .addColumn('locked_until', ms)
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('subscriptions_processor_ref_idx')
        .on('subscriptions')
        .columns(['provider', 'processor_ref'])
        .execute();
      await db.schema.createIndex('subscriptions_due_idx').on('subscriptions').columns(['next_run_at']).execute();
      await db.schema.createIndex('subscriptions_email_idx').on('subscriptions').columns(['email']).execute();
      await db.schema.createIndex('subscriptions_order_idx').on('subscriptions').columns(['order_number']).execute();

      await db.schema
        .createTable('subscription_charges')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('subscription_id', 'text', (c) => c.notNull())
        .addColumn('period_no', 'integer', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('provider_ref', 'text')
        .addColumn('failure_code', 'text')
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('settled_at', ms)
        .addUniqueConstraint('subscription_charges_period_uq', ['subscription_id', 'period_no', 'attempt'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const t of ['subscription_charges', 'subscriptions', 'sandbox_payment_methods', 'plan_prices', 'plans'])
        await db.schema.dropTable(t).ifExists().execute();
      await db.schema.alterTable('sandbox_payments').dropColumn('payment_method_id').execute();
      await db.schema.alterTable('sandbox_payments').dropColumn('save_method').execute();
      await db.schema.alterTable('payments').dropColumn('processor_subscription_ref').execute();
      await db.schema.alterTable('payments').dropColumn('plan_id').execute();
    },
  };
}
