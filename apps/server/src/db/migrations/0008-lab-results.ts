import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { epochMs } from './column-types';

/** The psychology lab: the latest result of each questionnaire an order's reader took (a retake replaces it). */
export function labResults(dialect: Dialect) {
  const ms = epochMs(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('lab_results')
        .addColumn('order_number', 'text', (c) => c.notNull())
        .addColumn('test_id', 'text', (c) => c.notNull())
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('result', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('taken_at', ms, (c) => c.notNull())
        .addPrimaryKeyConstraint('lab_results_pk', ['order_number', 'test_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('lab_results').ifExists().execute();
    },
  };
}
