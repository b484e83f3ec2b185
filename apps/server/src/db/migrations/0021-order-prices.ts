import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { epochMs } from './column-types';

/**
 * Orders keep the prices they were shown (issue 21, decision 0038), owned by modules/checkout: the first
 * time an order's price list is shown for a country, that country's tier prices are copied here, and the
 * order's price list and payment read them from here ever after, so an operator's change to the catalogue
 * applies to new orders only. `catalogue_settings` holds what the operator edits besides prices (the offer's
 * length); a setting without a row keeps the server's configured default.
 */
export function orderPrices(dialect: Dialect) {
  const ms = epochMs(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('order_prices')
        .addColumn('order_number', 'text', (c) => c.notNull())
        // The price table's country (the default table's when the visitor's country has none).
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('sku_id', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('list_minor', 'integer', (c) => c.notNull())
        .addColumn('offer_minor', 'integer', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .addPrimaryKeyConstraint('order_prices_pk', ['order_number', 'country', 'sku_id'])
        .execute();
      await db.schema
        .createTable('catalogue_settings')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('int_value', 'integer', (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('catalogue_settings').ifExists().execute();
      await db.schema.dropTable('order_prices').ifExists().execute();
    },
  };
}
