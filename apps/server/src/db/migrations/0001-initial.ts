import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { autoId, epochMs } from './column-types';

export function initial(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('exam_categories')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('exams')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('category_id', 'integer', (c) => c.notNull().references('exam_categories.id'))
        .addColumn('question_count', 'integer', (c) => c.notNull())
        .addColumn('option_count', 'integer', (c) => c.notNull())
        .addColumn('parts', 'integer', (c) => c.notNull())
        .addColumn('time_limit_seconds', 'integer', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await db.schema
        .createTable('exam_languages')
        .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
        .addColumn('hl', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('exam_languages_pk', ['exam_id', 'hl'])
        .execute();

      await autoId(db.schema.createTable('protocols'), dialect)
        .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('effective_date', 'text', (c) => c.notNull())
        .addUniqueConstraint('protocols_exam_kind_uq', ['exam_id', 'kind'])
        .execute();

      await db.schema
        .createTable('protocol_translations')
        .addColumn('protocol_id', 'integer', (c) => c.notNull().references('protocols.id').onDelete('cascade'))
        .addColumn('hl', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('updated_at', epochMs(dialect), (c) => c.notNull())
        .addPrimaryKeyConstraint('protocol_translations_pk', ['protocol_id', 'hl'])
        .execute();

      await autoId(db.schema.createTable('help_articles'), dialect)
        .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
        .addColumn('section', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', epochMs(dialect), (c) => c.notNull())
        .addUniqueConstraint('help_articles_exam_slug_uq', ['exam_id', 'slug'])
        .execute();

      await db.schema
        .createTable('help_article_translations')
        .addColumn('article_id', 'integer', (c) => c.notNull().references('help_articles.id').onDelete('cascade'))
        .addColumn('hl', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('help_article_translations_pk', ['article_id', 'hl'])
        .execute();

      await autoId(db.schema.createTable('page_views'), dialect)
        .addColumn('logid', 'text')
        .addColumn('uid', 'text')
        .addColumn('hl', 'text')
        .addColumn('exam_id', 'integer')
        .addColumn('app_exam_id', 'integer')
        .addColumn('url', 'text')
        .addColumn('app_version', 'text')
        .addColumn('created_at', epochMs(dialect), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('page_views_created_idx').on('page_views').column('created_at').execute();

      await db.schema
        .createTable('logids')
        .addColumn('logid', 'text', (c) => c.primaryKey())
        .addColumn('app_exam_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', epochMs(dialect), (c) => c.notNull())
        .execute();

      await autoId(db.schema.createTable('support_tickets'), dialect)
        .addColumn('public_id', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('order_number', 'text')
        .addColumn('exam_id', 'integer', (c) => c.notNull())
        .addColumn('hl', 'text', (c) => c.notNull())
        .addColumn('created_at', epochMs(dialect), (c) => c.notNull())
        .execute();

      await autoId(db.schema.createTable('mail_outbox'), dialect)
        .addColumn('dedupe_key', 'text', (c) => c.unique())
        .addColumn('template', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', epochMs(dialect), (c) => c.notNull())
        .addColumn('locked_until', epochMs(dialect))
        .addColumn('last_error', 'text')
        .addColumn('message_id', 'text', (c) => c.notNull())
        .addColumn('sent_at', epochMs(dialect))
        .addColumn('created_at', epochMs(dialect), (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('mail_outbox_due_idx')
        .on('mail_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();

      await autoId(db.schema.createTable('local_mailbox'), dialect)
        .addColumn('outbox_id', 'integer', (c) => c.notNull().unique().references('mail_outbox.id'))
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('from_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', epochMs(dialect), (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('rate_limit_hits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', epochMs(dialect), (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('app_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', epochMs(dialect), (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [
        'app_secrets',
        'rate_limit_hits',
        'local_mailbox',
        'mail_outbox',
        'support_tickets',
        'logids',
        'page_views',
        'help_article_translations',
        'help_articles',
        'protocol_translations',
        'protocols',
        'exam_languages',
        'exams',
        'exam_categories',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
