import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type ShareRow = Database['share_links'];

/** Every SQL statement of share links. */
export function shareRepository(db: Kysely<Database>) {
  return {
    find(shareId: string): Promise<ShareRow | undefined> {
      return db.selectFrom('share_links').selectAll().where('id', '=', shareId).executeTakeFirst();
    },
    async insert(row: ShareRow): Promise<void> {
      await db.insertInto('share_links').values(row).execute();
    },
    /** The order's live links, newest first. */
    listLive(orderNumber: string): Promise<ShareRow[]> {
      return db
        .selectFrom('share_links')
        .selectAll()
        .where('order_number', '=', orderNumber)
        .where('revoked_at', 'is', null)
        .orderBy('created_at', 'desc')
        .execute();
    },
    /** Revokes a live link of the order; false when there was none. */
    async revoke(shareId: string, orderNumber: string, now: number): Promise<boolean> {
      const res = await db
        .updateTable('share_links')
        .set({ revoked_at: now })
        .where('id', '=', shareId)
        .where('order_number', '=', orderNumber)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
export type ShareRepository = ReturnType<typeof shareRepository>;
