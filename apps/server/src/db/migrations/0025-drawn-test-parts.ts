import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { epochMs } from './column-types';

/**
 * The parts of a test form as drawn, shared by every instance (issue 14, owned by modules/exam): each part's
 * questions in one language, brotli-compressed (about 3 KB), keyed by the session, its form version and the
 * route the part was drawn after. An instance that did not draw a part (a load balancer without stickiness, or a form its own
 * cache forgot) reads it here instead of drawing the form again from its seed (9-70 ms of CPU). A cache: the
 * seed draws the same bytes, and rows go a day after they were written (the retention job).
 */
export function drawnTestParts(dialect: Dialect) {
  const ms = epochMs(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('exam_drawn_parts')
        .addColumn('session_id', 'text', (c) => c.notNull())
        // The session's route before this part: '' for part 1, '2' for part 2 after module 2, and so on.
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('form_version', 'integer', (c) => c.notNull())
        .addColumn('questions_br', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .addPrimaryKeyConstraint('exam_drawn_parts_pk', ['session_id', 'locale', 'form_version', 'route'])
        .execute();
      await db.schema.createIndex('exam_drawn_parts_created_idx').on('exam_drawn_parts').column('created_at').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('exam_drawn_parts').ifExists().execute();
    },
  };
}
