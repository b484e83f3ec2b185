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
      await keepSeedRows(db);
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

/**
 * The schema in the PostgreSQL template that holds a copy of its seeded rows and its sequences' positions, from
 * which a test database is put back as the template made it (resetToTemplateSql) instead of being dropped and
 * copied again: copying the template cost PostgreSQL about 0.35 s of CPU per test file, most of its CPU in the
 * server suites.
 */
export const SEED_SCHEMA = 'test_seed';

/** The tables of a PostgreSQL database's `public` schema. */
export async function publicTables(db: Db): Promise<string[]> {
  const tables = await sql<{
    name: string;
  }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(db.kysely);
  return tables.rows.map((r) => r.name);
}

async function keepSeedRows(db: Db): Promise<void> {
  await sql`create schema ${sql.id(SEED_SCHEMA)}`.execute(db.kysely);
  for (const name of await publicTables(db)) {
    const rows = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(db.kysely);
    if (Number(rows.rows[0]?.n) === 0) continue;
    await sql`create table ${sql.id(SEED_SCHEMA, name)} as table ${sql.id('public', name)}`.execute(db.kysely);
  }
  await sql`create table ${sql.id(SEED_SCHEMA, '_sequences')} as
    select schemaname || '.' || sequencename as name, last_value from pg_sequences where schemaname = 'public'`.execute(
    db.kysely,
  );
}

/**
 * The SQL that puts a database copied from the template back to the template's rows: every table emptied
 * (foreign keys and triggers off meanwhile), the seeded rows copied back from SEED_SCHEMA, the sequences where
 * the template left them. Built from the database's own table list.
 */
export async function resetToTemplateSql(client: pg.Client): Promise<string> {
  const list = async (schema: string) =>
    (
      await client.query<{ name: string }>('select tablename as name from pg_tables where schemaname = $1', [schema])
    ).rows
      .map((r) => r.name)
      .filter((n) => n !== '_sequences');
  const id = (...parts: string[]) => parts.map((p) => `"${p.replaceAll('"', '""')}"`).join('.');
  const sequences = (
    await client.query<{ name: string; last_value: string | null }>(
      `select name, last_value from ${id(SEED_SCHEMA, '_sequences')}`,
    )
  ).rows;
  return [
    'set session_replication_role = replica',
    ...(await list('public')).map((t) => `delete from ${id('public', t)}`),
    ...(await list(SEED_SCHEMA)).map((t) => `insert into ${id('public', t)} select * from ${id(SEED_SCHEMA, t)}`),
    ...sequences.map((s) =>
      s.last_value === null
        ? `alter sequence ${s.name} restart`
        : `select setval('${s.name}', ${Number(s.last_value)}, true)`,
    ),
    'set session_replication_role = default',
  ].join(';\n');
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
