import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type LabRow = Database['lab_results'];

/** Every SQL statement of the psychology lab's results. */
export function labRepository(db: Kysely<Database>) {
  return {
    listForOrder(orderNumber: string): Promise<LabRow[]> {
      return db.selectFrom('lab_results').selectAll().where('order_number', '=', orderNumber).execute();
    },
    /** Each questionnaire keeps its latest result. */
    async upsert(row: LabRow): Promise<void> {
      await db
        .insertInto('lab_results')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['order_number', 'test_id']).doUpdateSet({
            answers: row.answers,
            result: row.result,
            locale: row.locale,
            taken_at: row.taken_at,
          }),
        )
        .execute();
    },
  };
}
export type LabRepository = ReturnType<typeof labRepository>;
