import type { Kysely } from 'kysely';

/**
 * Scoring version 2 (issue 15, decision 0022): each session records the scoring rules it is scored under
 * (sessions from before keep version 1 and their stored result) and the multistage route chosen so far
 * ('' before part 2, then one digit per routed part: '2', '20'), from which its items are drawn again.
 */
export function routedSessions() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('exam_sessions')
        .addColumn('scoring_version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('exam_sessions')
        .addColumn('route', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('exam_sessions').dropColumn('route').execute();
      await db.schema.alterTable('exam_sessions').dropColumn('scoring_version').execute();
    },
  };
}
