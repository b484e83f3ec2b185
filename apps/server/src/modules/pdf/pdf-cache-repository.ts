import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** Every SQL statement of the rendered-PDF cache (decision 0027). */
export function pdfCacheRepository(db: Kysely<Database>) {
  return {
    async find(key: string): Promise<Buffer | undefined> {
      const row = await db
        .selectFrom('report_pdf_cache')
        .select('bytes')
        .where('cache_key', '=', key)
        .executeTakeFirst();
      return row ? Buffer.from(row.bytes) : undefined;
    },
    /** Keeps a file; another instance that rendered the same key first wins (same bytes by construction). */
    async insert(key: string, orderNumber: string, bytes: Buffer, now: number): Promise<void> {
      await db
        .insertInto('report_pdf_cache')
        .values({ cache_key: key, order_number: orderNumber, bytes, size: bytes.length, created_at: now })
        .onConflict((oc) => oc.column('cache_key').doNothing())
        .execute();
    },
    async deleteOrder(orderNumber: string): Promise<void> {
      await db.deleteFrom('report_pdf_cache').where('order_number', '=', orderNumber).execute();
    },
    async totalSize(): Promise<number> {
      const row = await db
        .selectFrom('report_pdf_cache')
        .select(sql<number>`coalesce(sum(size), 0)`.as('total'))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },
    /** The oldest files first, with their sizes (what the bound evicts). */
    oldest(limit: number): Promise<{ cache_key: string; size: number }[]> {
      return db
        .selectFrom('report_pdf_cache')
        .select(['cache_key', 'size'])
        .orderBy('created_at')
        .orderBy('cache_key')
        .limit(limit)
        .execute();
    },
    async deleteKeys(keys: string[]): Promise<void> {
      if (keys.length) await db.deleteFrom('report_pdf_cache').where('cache_key', 'in', keys).execute();
    },
  };
}
export type PdfCacheRepository = ReturnType<typeof pdfCacheRepository>;
