import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-harness';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/** One PostgreSQL for the whole server suite; each test file gets its own database in it. */
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
    return;
  }
  project.provide('pgUrl', pg.url);
  return () => pg.stop();
}
