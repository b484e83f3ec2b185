import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { epochMs } from './column-types';

/**
 * Extras bought after the first payment (answer analysis, shares, the advanced bundle, a gift test, VIP):
 * their prices per country, what each order has unlocked beyond its tier, gift codes, and VIP memberships.
 * An extra's payment is a row of `payments` with its package.
 */
export function extras(dialect: Dialect) {
  const ms = epochMs(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('payments').addColumn('package_id', 'text').execute();
      await db.schema
        .createTable('package_prices')
        .addColumn('exam_id', 'integer', (c) => c.notNull())
        .addColumn('package_id', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('package_prices_pk', ['exam_id', 'package_id', 'country'])
        .execute();
      await db.schema
        .createTable('order_entitlements')
        .addColumn('order_number', 'text', (c) => c.notNull())
        .addColumn('entitlement', 'text', (c) => c.notNull())
        .addColumn('payment_id', 'text', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .addPrimaryKeyConstraint('order_entitlements_pk', ['order_number', 'entitlement'])
        .execute();
      await db.schema
        .createTable('gift_codes')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('exam_id', 'integer', (c) => c.notNull())
        .addColumn('sku_id', 'text', (c) => c.notNull())
        .addColumn('from_order_number', 'text', (c) => c.notNull())
        .addColumn('payment_id', 'text', (c) => c.notNull().unique())
        .addColumn('redeemed_order_number', 'text')
        .addColumn('redeemed_at', ms)
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('vip_memberships')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('order_number', 'text', (c) => c.notNull())
        .addColumn('payment_id', 'text', (c) => c.notNull().unique())
        .addColumn('starts_at', ms, (c) => c.notNull())
        .addColumn('ends_at', ms, (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('vip_memberships_email_idx').on('vip_memberships').columns(['email']).execute();
      await db.schema
        .createIndex('vip_memberships_order_idx')
        .on('vip_memberships')
        .columns(['order_number'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const t of ['vip_memberships', 'gift_codes', 'order_entitlements', 'package_prices'])
        await db.schema.dropTable(t).ifExists().execute();
      await db.schema.alterTable('payments').dropColumn('package_id').execute();
    },
  };
}
