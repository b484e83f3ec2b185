import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';

export type ReviewRow = Selectable<Database['reviews']>;

/** Every SQL statement on `reviews`: the public list, a buyer's submission, the operator's moderation. */
export function reviewsRepository(db: Kysely<Database>) {
  return {
    approved(examId: number, locale: string, limit: number) {
      return db
        .selectFrom('reviews')
        .selectAll()
        .where('exam_id', '=', examId)
        .where('status', '=', 'approved')
        .where('locale', '=', locale)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },
    approvedStats(examId: number, locale: string) {
      return db
        .selectFrom('reviews')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.avg<number>('rating').as('avg')])
        .where('exam_id', '=', examId)
        .where('status', '=', 'approved')
        .where('locale', '=', locale)
        .executeTakeFirstOrThrow();
    },
    findByOrder(orderNumber: string) {
      return db.selectFrom('reviews').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
    },
    find(id: number) {
      return db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Inserts a buyer's review; false when the order already has one (the unique index decides). */
    async insert(row: Insertable<Database['reviews']>): Promise<boolean> {
      const r = await db
        .insertInto('reviews')
        .values(row)
        .onConflict((oc) => oc.column('order_number').doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    pending(limit: number) {
      return db
        .selectFrom('reviews')
        .selectAll()
        .where('status', '=', 'pending')
        .orderBy('created_at', 'asc')
        .limit(limit)
        .execute();
    },
    async setStatus(id: number, status: 'approved' | 'rejected', now: number): Promise<boolean> {
      const r = await db
        .updateTable('reviews')
        .set({ status, moderated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async setReply(id: number, reply: string | null, now: number): Promise<boolean> {
      const r = await db
        .updateTable('reviews')
        .set({ reply, replied_at: reply === null ? null : now })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async remove(id: number): Promise<boolean> {
      const r = await db.deleteFrom('reviews').where('id', '=', id).where('demo', '=', 0).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    /** Hides every demo review; the rows stay (marked rejected) so the seed does not bring them back. */
    async hideDemo(now: number): Promise<number> {
      const r = await db
        .updateTable('reviews')
        .set({ status: 'rejected', moderated_at: now })
        .where('demo', '=', 1)
        .where('status', '<>', 'rejected')
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}
export type ReviewsRepository = ReturnType<typeof reviewsRepository>;
