import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-harness';
import { buildTemplates } from './template-db';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    /** A migrated, seeded SQLite database file: test apps start from an in-memory copy of it. */
    sqliteTemplate: string;
    /** The PostgreSQL template database test databases are created from ('' without PostgreSQL). */
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL for the whole server suite; each test file gets its own database in it. Migrating and seeding
 * happen once here, into templates: a test app starts from a copy of them in milliseconds instead of seconds.
 */
export default async function setup(project: TestProject) {
  const pg = await startPostgres().catch((err: unknown) => {
    if (process.env.REQUIRE_POSTGRES === '1') throw err;
    console.warn(`\n!!! PostgreSQL could not start (${String(err)}).\n`);
    return undefined;
  });
  if (!pg) {
    if (process.env.REQUIRE_POSTGRES === '1') {
      throw new Error('REQUIRE_POSTGRES=1 but no PostgreSQL server binaries (initdb, pg_ctl) were found');
    }
    console.warn(
      '\n!!! ============================================================\n' +
        '!!! PostgreSQL binaries not found: server suites run on SQLite ONLY.\n' +
        '!!! Install them (apt-get install postgresql) to test both dialects.\n' +
        '!!! ============================================================\n',
    );
    project.provide('pgUrl', '');
    return provideTemplates(project, '');
  }
  project.provide('pgUrl', pg.url);
  const removeTemplates = await provideTemplates(project, pg.url).catch((err: unknown) => {
    pg.stop();
    throw err;
  });
  return async () => {
    await removeTemplates();
    pg.stop();
  };
}

async function provideTemplates(project: TestProject, pgUrl: string): Promise<() => Promise<void>> {
  const templates = await buildTemplates(pgUrl);
  project.provide('sqliteTemplate', templates.sqliteFile);
  project.provide('pgTemplate', templates.pgTemplate);
  return () => templates.remove();
}
