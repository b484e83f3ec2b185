import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { epochMs } from './column-types';

/** Test sessions, their answers, and exam orders. */
export function examSessions(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('exam_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id'))
        .addColumn('seed', 'text', (c) => c.notNull())
        .addColumn('form_version', 'integer', (c) => c.notNull())
        .addColumn('scoring_key', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('started_at', epochMs(dialect), (c) => c.notNull())
        .addColumn('deadline_at', epochMs(dialect), (c) => c.notNull())
        .addColumn('confirmed_at', epochMs(dialect))
        .addColumn('scored_at', epochMs(dialect))
        .addColumn('result', 'text')
        .addColumn('validity', 'text')
        .execute();

      await db.schema
        .createTable('session_answers')
        .addColumn('session_id', 'text', (c) => c.notNull().references('exam_sessions.id').onDelete('cascade'))
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('choice', 'integer')
        .addColumn('time_ms', 'integer', (c) => c.notNull())
        .addColumn('first_choice_ms', 'integer')
        .addColumn('changes', 'integer', (c) => c.notNull())
        .addColumn('focus_losses', 'integer', (c) => c.notNull())
        .addColumn('updated_at', epochMs(dialect), (c) => c.notNull())
        .addPrimaryKeyConstraint('session_answers_pk', ['session_id', 'item_id'])
        .execute();

      await db.schema
        .createTable('exam_orders')
        .addColumn('order_number', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull().unique().references('exam_sessions.id'))
        .addColumn('exam_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('consent', 'text')
        .addColumn('created_at', epochMs(dialect), (c) => c.notNull())
        .addColumn('updated_at', epochMs(dialect), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('exam_orders_email_idx').on('exam_orders').column('email').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const t of ['exam_orders', 'session_answers', 'exam_sessions'])
        await db.schema.dropTable(t).ifExists().execute();
    },
  };
}
