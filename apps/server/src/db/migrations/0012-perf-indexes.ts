import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { epochMs } from './column-types';

/**
 * Flat cost as data grows (issue 14, decision 0026).
 *
 * - Running aggregates of scored sessions, written in the scoring transaction: the landing statistics and
 *   the country ranking read a few hundred small rows whatever the number of sessions, instead of scanning
 *   every scored session (whose rows carry about 8 KB of JSON).
 * - Partial indexes on the payments the reconciler must look at (open ones, refunds pending).
 * - Page views carry their landing variant and event, rolled up daily into `page_view_days` by the retention
 *   job; a lease table lets one instance at a time run such a job.
 * - Indexes the retention job's deletes need (expired unfinished sessions, old limits and events).
 */
export function perfIndexes(dialect: Dialect) {
  const ms = epochMs(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Per exam and country ('' when unknown): scored sessions, those with a number, the sum of their
      // numbers in tenths (exact integer sums; the mean is sum / numbered).
      await db.schema
        .createTable('score_country_totals')
        .addColumn('exam_id', 'integer', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('scored', 'integer', (c) => c.notNull())
        .addColumn('numbered', 'integer', (c) => c.notNull())
        .addColumn('iq_tenths_sum', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('score_country_totals_pk', ['exam_id', 'country'])
        .execute();
      // Per exam, country and IQ shown (whole points; 0 for a result below the range): how many people.
      await db.schema
        .createTable('score_country_levels')
        .addColumn('exam_id', 'integer', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('iq', 'integer', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('score_country_levels_pk', ['exam_id', 'country', 'iq'])
        .execute();
      // Per exam and hour of scoring (epoch hours): the "last 7 days" count reads at most 169 rows.
      await db.schema
        .createTable('score_hours')
        .addColumn('exam_id', 'integer', (c) => c.notNull())
        .addColumn('hour', 'integer', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('score_hours_pk', ['exam_id', 'hour'])
        .execute();

      // The sessions already scored. Shown IQ of older rows: their stored score rounded half up.
      const shown = sql`cast(floor(iq_score + 0.5) as integer)`;
      const tenths = sql`cast(floor(iq_score * 10 + 0.5) as integer)`;
      await sql`insert into score_country_totals (exam_id, country, scored, numbered, iq_tenths_sum)
        select exam_id, coalesce(country, ''), count(*), count(iq_score), coalesce(sum(${tenths}), 0)
        from exam_sessions where status = 'scored' group by exam_id, coalesce(country, '')`.execute(db);
      await sql`insert into score_country_levels (exam_id, country, iq, n)
        select exam_id, country, coalesce(${shown}, 0), count(*)
        from exam_sessions where status = 'scored' and country is not null
        group by exam_id, country, coalesce(${shown}, 0)`.execute(db);
      await sql`insert into score_hours (exam_id, hour, n)
        select exam_id, cast(floor(scored_at / 3600000) as integer), count(*)
        from exam_sessions where status = 'scored' and scored_at is not null
        group by exam_id, cast(floor(scored_at / 3600000) as integer)`.execute(db);

      // The reconciler's two reads, each on its own partial index (the predicates are literals: a
      // planner uses a partial index only when the query states its condition).
      await sql`create index payments_open_partial_idx on payments (created_at)
        where status in ('requires_action', 'processing')`.execute(db);
      await sql`create index payments_refund_partial_idx on payments (created_at)
        where refund_status = 'pending'`.execute(db);
      await db.schema.dropIndex('payments_open_idx').ifExists().execute();

      // Page views: what the daily roll-up groups by, filled when the view is recorded.
      await db.schema
        .alterTable('page_views')
        .addColumn('variant', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('page_views')
        .addColumn('event', 'text', (c) => c.notNull().defaultTo('view'))
        .execute();
      await db.schema
        .createTable('page_view_days')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('variant', 'text', (c) => c.notNull())
        .addColumn('hl', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('page_view_days_pk', ['day', 'variant', 'hl', 'event'])
        .execute();
      // One row per scheduled job: who holds it until when, and how far its work is done.
      await db.schema
        .createTable('job_leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text')
        .addColumn('locked_until', ms, (c) => c.notNull())
        .addColumn('done_through', ms, (c) => c.notNull())
        .execute();

      // The retention job's deletes.
      await sql`create index exam_sessions_unfinished_idx on exam_sessions (deadline_at)
        where status = 'active'`.execute(db);
      await db.schema.createIndex('rate_limit_hits_window_idx').on('rate_limit_hits').column('window_start').execute();
      await db.schema.createIndex('payment_events_received_idx').on('payment_events').column('received_at').execute();
      await sql`create index mail_outbox_sent_idx on mail_outbox (sent_at) where status = 'sent'`.execute(db);
      await db.schema.createIndex('local_mailbox_created_idx').on('local_mailbox').column('created_at').execute();
      await db.schema.createIndex('logids_created_idx').on('logids').column('created_at').execute();
      await sql`create index sandbox_events_delivered_idx on sandbox_events (delivered_at)
        where status = 'delivered'`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const i of [
        'sandbox_events_delivered_idx',
        'logids_created_idx',
        'local_mailbox_created_idx',
        'mail_outbox_sent_idx',
        'payment_events_received_idx',
        'rate_limit_hits_window_idx',
        'exam_sessions_unfinished_idx',
        'payments_refund_partial_idx',
        'payments_open_partial_idx',
      ])
        await db.schema.dropIndex(i).ifExists().execute();
      await db.schema.createIndex('payments_open_idx').on('payments').columns(['status', 'updated_at']).execute();
      for (const t of ['job_leases', 'page_view_days', 'score_hours', 'score_country_levels', 'score_country_totals'])
        await db.schema.dropTable(t).ifExists().execute();
      await db.schema.alterTable('page_views').dropColumn('event').execute();
      await db.schema.alterTable('page_views').dropColumn('variant').execute();
    },
  };
}
