import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { autoId, epochMs } from './column-types';

/**
 * Issue 20 (decision 0032): the "about you" form of a session (its name for the certificate; birth year and
 * country for norms, kept only with the consent recorded), buyer reviews' moderation (the operator's reply,
 * one review per order), the purchase's ad attribution and the server-side conversion outbox, and the index the social-proof counters use
 * (scored sessions of an exam by completion time: counts over a window and the latest completions).
 */
export function growth(dialect: Dialect) {
  const ms = epochMs(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('session_profiles')
        .addColumn('session_id', 'text', (c) => c.primaryKey().references('exam_sessions.id').onDelete('cascade'))
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('birth_year', 'integer')
        .addColumn('gender', 'text')
        .addColumn('country', 'text')
        .addColumn('norms_consent', 'integer', (c) => c.notNull())
        .addColumn('consented_at', ms)
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        .execute();

      await db.schema
        .createIndex('exam_sessions_scored_idx')
        .on('exam_sessions')
        .columns(['exam_id', 'status', 'scored_at'])
        .execute();

      await db.schema.alterTable('reviews').addColumn('reply', 'text').execute();
      await db.schema.alterTable('reviews').addColumn('replied_at', ms).execute();
      await db.schema.alterTable('reviews').addColumn('moderated_at', ms).execute();
      // One review per paid order (demo reviews have none: NULLs never collide in either dialect).
      await db.schema.createIndex('reviews_order_uq').on('reviews').column('order_number').unique().execute();
      await db.schema.createIndex('reviews_moderation_idx').on('reviews').columns(['status', 'created_at']).execute();

      // What the buyer's browser knew when it paid (with ad consent given): the log id and click identifiers.
      await db.schema
        .createTable('order_attributions')
        .addColumn('order_number', 'text', (c) => c.primaryKey())
        .addColumn('logid', 'text', (c) => c.notNull())
        .addColumn('click_ids', 'text', (c) => c.notNull())
        .addColumn('page_url', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();

      await autoId(db.schema.createTable('conversion_outbox'), dialect)
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('order_number', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', ms, (c) => c.notNull())
        .addColumn('locked_until', ms)
        .addColumn('last_error', 'text')
        .addColumn('sent_at', ms)
        .addColumn('created_at', ms, (c) => c.notNull())
        .addUniqueConstraint('conversion_outbox_order_uq', ['provider', 'order_number'])
        .execute();
      await db.schema
        .createIndex('conversion_outbox_due_idx')
        .on('conversion_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('conversion_outbox').execute();
      await db.schema.dropTable('order_attributions').execute();
      await db.schema.dropIndex('reviews_moderation_idx').execute();
      await db.schema.dropIndex('reviews_order_uq').execute();
      for (const c of ['moderated_at', 'replied_at', 'reply'])
        await db.schema.alterTable('reviews').dropColumn(c).execute();
      await db.schema.dropIndex('exam_sessions_scored_idx').execute();
      await db.schema.dropTable('session_profiles').execute();
    },
  };
}
