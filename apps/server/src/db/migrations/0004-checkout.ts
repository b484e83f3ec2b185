import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { autoId, epochMs } from './column-types';

/**
 * Checkout: report tiers and their prices per country, promo codes, reviews, payments (one row per checkout
 * attempt) and processor events, the order's purchase, and the sandbox processor's own records.
 */
export function checkout(dialect: Dialect) {
  const ms = epochMs(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('skus')
        .addColumn('exam_id', 'integer', (c) => c.notNull())
        .addColumn('sku_id', 'text', (c) => c.notNull())
        .addColumn('tier', 'integer', (c) => c.notNull())
        .addColumn('recommended', 'integer', (c) => c.notNull())
        .addColumn('features', 'text', (c) => c.notNull())
        .addColumn('entitlements', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('skus_pk', ['exam_id', 'sku_id'])
        .execute();
      await db.schema
        .createTable('sku_prices')
        .addColumn('exam_id', 'integer', (c) => c.notNull())
        .addColumn('sku_id', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('list_minor', 'integer', (c) => c.notNull())
        .addColumn('offer_minor', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('sku_prices_pk', ['exam_id', 'sku_id', 'country'])
        .execute();
      await db.schema
        .createTable('promo_codes')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('percent_off', 'integer', (c) => c.notNull())
        .addColumn('starts_at', ms)
        .addColumn('expires_at', ms)
        .addColumn('max_redemptions', 'integer')
        .addColumn('redemptions', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('demo', 'integer', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await autoId(db.schema.createTable('reviews'), dialect)
        .addColumn('exam_id', 'integer', (c) => c.notNull())
        .addColumn('order_number', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('country', 'text')
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('demo', 'integer', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('reviews_list_idx')
        .on('reviews')
        .columns(['exam_id', 'status', 'created_at'])
        .execute();

      for (const [name, type] of [
        ['country', 'text'],
        ['sku_id', 'text'],
        ['currency', 'text'],
        ['amount_minor', 'integer'],
        ['promo_code', 'text'],
        ['paid_payment_id', 'text'],
      ] as const) {
        await db.schema.alterTable('exam_orders').addColumn(name, type).execute();
      }
      await db.schema.alterTable('exam_orders').addColumn('offer_deadline_at', ms).execute();
      await db.schema.alterTable('exam_orders').addColumn('paid_at', ms).execute();

      await db.schema
        .createTable('payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_number', 'text', (c) => c.notNull().references('exam_orders.order_number'))
        .addColumn('checkout_key', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('sku_id', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('promo_code', 'text')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('consent', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('provider_ref', 'text')
        .addColumn('failure_code', 'text')
        .addColumn('refund_status', 'text')
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        .addColumn('settled_at', ms)
        .addUniqueConstraint('payments_attempt_uq', ['order_number', 'checkout_key'])
        .addUniqueConstraint('payments_ref_uq', ['provider', 'provider_ref'])
        .execute();
      await db.schema.createIndex('payments_open_idx').on('payments').columns(['status', 'updated_at']).execute();

      await db.schema
        .createTable('payment_events')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('ref', 'text')
        .addColumn('received_at', ms, (c) => c.notNull())
        .addColumn('processed_at', ms)
        .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
        .execute();

      await db.schema
        .createTable('sandbox_payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('failure_code', 'text')
        .addColumn('card_brand', 'text')
        .addColumn('card_last4', 'text')
        .addColumn('return_url', 'text', (c) => c.notNull())
        .addColumn('cancel_url', 'text', (c) => c.notNull())
        .addColumn('refunded', 'integer', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sandbox_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('payment_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', ms, (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('delivered_at', ms)
        .execute();
      await db.schema
        .createIndex('sandbox_events_due_idx')
        .on('sandbox_events')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const t of ['sandbox_events', 'sandbox_payments', 'payment_events', 'payments'])
        await db.schema.dropTable(t).ifExists().execute();
      for (const c of [
        'paid_at',
        'offer_deadline_at',
        'paid_payment_id',
        'promo_code',
        'amount_minor',
        'currency',
        'sku_id',
        'country',
      ])
        await db.schema.alterTable('exam_orders').dropColumn(c).execute();
      for (const t of ['reviews', 'promo_codes', 'sku_prices', 'skus'])
        await db.schema.dropTable(t).ifExists().execute();
    },
  };
}
