import type { Kysely } from 'kysely';

/** The visitor's country (from a trusted proxy header) and the scored IQ, for honest per-country statistics. */
export function sessionCountry() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('exam_sessions').addColumn('country', 'text').execute();
      await db.schema.alterTable('exam_sessions').addColumn('iq_score', 'real').execute();
      await db.schema
        .createIndex('exam_sessions_stats_idx')
        .on('exam_sessions')
        .columns(['exam_id', 'status'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('exam_sessions_stats_idx').ifExists().execute();
      await db.schema.alterTable('exam_sessions').dropColumn('iq_score').execute();
      await db.schema.alterTable('exam_sessions').dropColumn('country').execute();
    },
  };
}
