import type { Kysely } from 'kysely';

/**
 * The funnel by landing variant on every measure (issue 21, decision 0042): the landing variant of the visit
 * that started a test is kept on its session, and travels with the language onto what follows from it: the
 * order (exam module), its payments (payments module) and the plan they start (subscriptions module). Each
 * table is its owning module's; '' is "no landing" (a direct visit, or a row from before this migration).
 * The funnel's range queries stay on their time indexes (0020): the variant is only grouped, never searched.
 */
const TABLES = ['exam_sessions', 'exam_orders', 'payments', 'subscriptions'] as const;

export function landingAttribution() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of TABLES)
        await db.schema
          .alterTable(table)
          .addColumn('landing_variant', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [...TABLES].reverse())
        await db.schema.alterTable(table).dropColumn('landing_variant').execute();
    },
  };
}
