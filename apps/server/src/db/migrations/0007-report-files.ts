import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { epochMs } from './column-types';

/**
 * The report's files and sharing: the certificate of an order (its serial, unique and unguessable, the name
 * on it, when it was issued) and the share links an owner makes (what each shows, whether it is revoked).
 */
export function reportFiles(dialect: Dialect) {
  const ms = epochMs(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('exam_orders').addColumn('certificate_serial', 'text').execute();
      await db.schema.alterTable('exam_orders').addColumn('certificate_name', 'text').execute();
      await db.schema.alterTable('exam_orders').addColumn('certificate_issued_at', ms).execute();
      await db.schema
        .createIndex('exam_orders_certificate_uq')
        .unique()
        .on('exam_orders')
        .column('certificate_serial')
        .execute();
      await db.schema
        .createTable('share_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_number', 'text', (c) => c.notNull())
        .addColumn('show_score', 'integer', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('revoked_at', ms)
        .execute();
      await db.schema.createIndex('share_links_order_idx').on('share_links').column('order_number').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('share_links').ifExists().execute();
      await db.schema.dropIndex('exam_orders_certificate_uq').ifExists().execute();
      for (const c of ['certificate_issued_at', 'certificate_name', 'certificate_serial'])
        await db.schema.alterTable('exam_orders').dropColumn(c).execute();
    },
  };
}
