import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { epochMs } from './column-types';

/**
 * Addresses proven by a followed e-mail link (issue 13): an order's address counts for the member discount
 * and VIP of other orders only once a link sent to it has been opened, never because it was typed.
 */
export function security(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('email_proofs')
        .addColumn('order_number', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('proven_at', epochMs(dialect), (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('email_proofs').ifExists().execute();
    },
  };
}
