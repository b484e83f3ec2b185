import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app';
import { type Env, parseEnv } from '../src/config/env';
import { type Db, type Dialect, openDatabase } from '../src/db/database';
import { ManualClock } from '../src/lib/clock';
import type { MailTransport } from '../src/modules/mail/transports/mail-transport';
import { adminQuery, TEST_START } from './template-db';

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
 */
export async function freshDatabase(dialect: Dialect, from: 'empty' | 'template' = 'empty'): Promise<TestDb> {
  if (dialect === 'sqlite') {
    const db = openDatabase('sqlite::memory:', 10, from === 'template' ? templateImage() : undefined);
    return { db, url: 'sqlite::memory:', drop: () => db.close() };
  }
  const admin = inject('pgUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(admin, `create database ${name}${from === 'template' ? ` template ${inject('pgTemplate')}` : ''}`);
  const url = admin.replace(/\/postgres$/, `/${name}`);
  const db = openDatabase(url, 20);
  return {
    db,
    url,
    async drop() {
      await db.close();
      await adminQuery(admin, `drop database if exists ${name} with (force)`);
    },
  };
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
  const testDb = await freshDatabase(dialect, fromTemplate ? 'template' : 'empty');
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
