import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { autoId, epochMs } from './column-types';

/**
 * Issue 18, what members get (decision 0031): attempts of the free tests, their results (every retake kept,
 * with its date) and the weekly training answers. Owned by `modules/members`; rows go with their account.
 */
export function members(dialect: Dialect) {
  const ms = epochMs(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('member_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('task', 'text', (c) => c.notNull())
        .addColumn('seed', 'text', (c) => c.notNull())
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('finished_at', ms)
        .execute();
      await db.schema.createIndex('member_attempts_account').on('member_attempts').columns(['account_id']).execute();
      await autoId(db.schema.createTable('member_results'), dialect)
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('task', 'text', (c) => c.notNull())
        .addColumn('result', 'text', (c) => c.notNull())
        .addColumn('taken_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('member_results_account')
        .on('member_results')
        .columns(['account_id', 'task', 'taken_at'])
        .execute();
      await db.schema
        .createTable('training_answers')
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('week', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('item_index', 'integer', (c) => c.notNull())
        .addColumn('choice', 'integer', (c) => c.notNull())
        .addColumn('correct', 'integer', (c) => c.notNull())
        .addColumn('time_ms', 'integer', (c) => c.notNull())
        .addColumn('answered_at', ms, (c) => c.notNull())
        .addPrimaryKeyConstraint('training_answers_pk', ['account_id', 'week', 'level', 'item_index'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('training_answers').ifExists().execute();
      await db.schema.dropTable('member_results').ifExists().execute();
      await db.schema.dropTable('member_attempts').ifExists().execute();
    },
  };
}
