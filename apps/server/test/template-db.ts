import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { parseEnv } from '../src/config/env';
import { type Db, openDatabase } from '../src/db/database';
import { ManualClock } from '../src/lib/clock';

/** Where every test app's clock starts: the templates are seeded at this instant, as a fresh app would be. */
export const TEST_START = Date.UTC(2026, 10, 21, 12);

/** The PostgreSQL database every test database is copied from (`create database … template …`). */
export const PG_TEMPLATE = 'mindgauge_template';

export interface Templates {
  /** A SQLite file holding the migrated, seeded template (test apps deserialize it into memory). */
  sqliteFile: string;
  /** The template's name on the test PostgreSQL, or '' without PostgreSQL. */
  pgTemplate: string;
  remove(): Promise<void>;
}

/**
 * Brings a database to what a test app's first start leaves behind, by starting the real app on it once:
 * migrations and every seed, exactly as buildApp runs them (so a seed added to buildApp lands in the template
 * too). The secrets it generated are removed, so each copy draws its own, as a fresh install does.
 */
async function prepare(db: Db): Promise<void> {
  const built = await buildApp({
    env: parseEnv({ SERVE_WEB: 'false', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://mindgauge.test' }),
    db,
    clock: new ManualClock(TEST_START),
    logger: false,
  });
  await built.app.close();
  await db.kysely.deleteFrom('app_secrets').execute();
}

/** Runs once per test run (the server project's global setup): migrating and seeding cost seconds. */
export async function buildTemplates(pgAdminUrl: string): Promise<Templates> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mindgauge-template-'));
  const sqliteFile = path.join(dir, 'template.db');
  const lite = openDatabase('sqlite::memory:');
  try {
    await prepare(lite);
    // VACUUM INTO writes a compact copy in the rollback-journal format, which better-sqlite3 deserializes.
    await sql`vacuum into ${sqliteFile}`.execute(lite.kysely);
  } finally {
    await lite.close();
  }

  if (pgAdminUrl) {
    await adminQuery(pgAdminUrl, `drop database if exists ${PG_TEMPLATE} with (force)`);
    await adminQuery(pgAdminUrl, `create database ${PG_TEMPLATE}`);
    const db = openDatabase(pgAdminUrl.replace(/\/postgres$/, `/${PG_TEMPLATE}`), 5);
    try {
      await prepare(db);
    } finally {
      // A template may have no open connection while it is copied: the pool ends here, for good.
      await db.close();
    }
  }
  return {
    sqliteFile,
    pgTemplate: pgAdminUrl ? PG_TEMPLATE : '',
    async remove() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
