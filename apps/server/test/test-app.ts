import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app';
import { type Env, parseEnv } from '../src/config/env';
import { type Db, type Dialect, openDatabase } from '../src/db/database';
import { ManualClock } from '../src/lib/clock';
import type { MailTransport } from '../src/modules/mail/transports/mail-transport';
import { adminQuery, resetToTemplateSql, TEST_START } from './template-db';

/** The dialects this run covers: SQLite always, PostgreSQL when the global setup could start it. */
export function dialects(): Dialect[] {
  return inject('pgUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDb {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

/** The template's bytes, read once per worker (the file never changes during a run). */
let sqliteImage: { file: string; bytes: Buffer } | undefined;
function templateImage(): Buffer {
  const file = inject('sqliteTemplate');
  if (sqliteImage?.file !== file) sqliteImage = { file, bytes: fs.readFileSync(file) };
  return sqliteImage.bytes;
}

/**
 * A database of its own for a test: in-memory SQLite, or a new database on the test PostgreSQL. Empty, or
 * (`from: 'template'`) a copy of the migrated, seeded template the global setup made, as a test app's first
 * start would leave it: SQLite deserializes the template's bytes, PostgreSQL copies the template database.
 * With `reuse` (test apps), a PostgreSQL copy is given back when dropped and the next one takes it, put back
 * to the template's rows (template-reuse.test.ts proves it the same as a fresh copy); a test that reads
 * query plans or table sizes asks for a fresh copy.
 */
export async function freshDatabase(
  dialect: Dialect,
  from: 'empty' | 'template' = 'empty',
  { reuse = false }: { reuse?: boolean } = {},
): Promise<TestDb> {
  if (dialect === 'sqlite') {
    const db = openDatabase('sqlite::memory:', 10, from === 'template' ? templateImage() : undefined);
    return { db, url: 'sqlite::memory:', drop: () => db.close() };
  }
  const admin = inject('pgUrl');
  // Only copies of the template are given back: an empty database is a test's own.
  const pooled = from === 'template' && reuse;
  const reused = pooled ? await takeReset(admin) : undefined;
  const name = reused ?? `t_${randomBytes(6).toString('hex')}`;
  if (!reused)
    await adminQuery(admin, `create database ${name}${from === 'template' ? ` template ${inject('pgTemplate')}` : ''}`);
  const url = admin.replace(/\/postgres$/, `/${name}`);
  const db = openDatabase(url, 20);
  return {
    db,
    url,
    async drop() {
      await db.close();
      if (pooled) idleCopies.push(name);
      else await adminQuery(admin, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * PostgreSQL copies of the template that a closed test app gave back, in this worker; the next test app takes
 * one, put back to the template's rows (resetToTemplateSql), instead of copying the template again: the copies
 * were most of PostgreSQL's CPU in the server suites (about 22 s of its 36). A copy that cannot be reset (a
 * test changed its tables) is dropped and a new one made.
 */
const idleCopies: string[] = [];
let resetSql: string | undefined;

async function takeReset(admin: string): Promise<string | undefined> {
  for (let name = idleCopies.pop(); name !== undefined; name = idleCopies.pop()) {
    const client = new pg.Client({ connectionString: admin.replace(/\/postgres$/, `/${name}`) });
    try {
      await client.connect();
      resetSql ??= await resetToTemplateSql(client);
      await client.query(`begin;\n${resetSql};\ncommit`);
      return name;
    } catch {
      await adminQuery(admin, `drop database if exists ${name} with (force)`).catch(() => undefined);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return undefined;
}

export interface TestApp extends BuiltApp {
  clock: ManualClock;
  testDb: TestDb;
  close(): Promise<void>;
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    SERVE_WEB: 'false',
    RATE_LIMIT_MAX: '100000',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://mindgauge.test',
    // A test app starts a few tests: refilling 16 forms per language behind each one only took CPU from the
    // suite (form-pool.test.ts proves the pool at this size as at any other).
    FORM_POOL_SIZE: '2',
    ...overrides,
  });
}

/**
 * The real app on a database of its own, with a clock the test controls. The database is a copy of the
 * template: migrated and seeded by the same buildApp at the same instant, so the app skips seeding it again
 * (SEED_CONTENT only decides that; it still checks the migrations, which find nothing to do).
 */
export async function createTestApp(
  dialect: Dialect,
  options: {
    env?: Record<string, string>;
    mailTransport?: MailTransport;
    /** pino options (a test that reads the request log); silent by default. */
    logger?: Record<string, unknown>;
  } = {},
): Promise<TestApp> {
  const fromTemplate = options.env?.SEED_CONTENT === undefined;
  const testDb = await freshDatabase(dialect, fromTemplate ? 'template' : 'empty', { reuse: true });
  const clock = new ManualClock(TEST_START);
  const built = await buildApp({
    env: testEnv(fromTemplate ? { ...options.env, SEED_CONTENT: 'false' } : options.env),
    db: testDb.db,
    clock,
    logger: options.logger ?? (process.env.TEST_LOG === '1' ? { level: 'error' } : false),
    ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
  });
  return {
    ...built,
    clock,
    testDb,
    async close() {
      await built.app.close();
      await testDb.drop();
    },
  };
}
