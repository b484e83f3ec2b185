import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { epochMs } from './column-types';

/**
 * Rendered report PDFs kept for their next download (issue 14): the key names everything the file is drawn
 * from (order, kind, entitlements, language, scoring version, certificate, lab results, the code that draws
 * it), so a stale file is never served; rows of an order go when an extra is bought and the oldest go when
 * the cache passes its size. Shared by every instance through the database.
 */
export function reportPdfCache(dialect: Dialect) {
  const ms = epochMs(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('report_pdf_cache')
        .addColumn('cache_key', 'text', (c) => c.primaryKey())
        .addColumn('order_number', 'text', (c) => c.notNull())
        .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('report_pdf_cache_order_idx').on('report_pdf_cache').column('order_number').execute();
      await db.schema.createIndex('report_pdf_cache_created_idx').on('report_pdf_cache').column('created_at').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('report_pdf_cache').ifExists().execute();
    },
  };
}
