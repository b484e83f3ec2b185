import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app';
import { type Env, parseEnv } from '../src/config/env';
import { type Db, type Dialect, openDatabase } from '../src/db/database';
import { ManualClock } from '../src/lib/clock';
import type { MailTransport } from '../src/modules/mail/transports/mail-transport';

/** The dialects this run covers: SQLite always, PostgreSQL when the global setup could start it. */
export function dialects(): Dialect[] {
  return inject('pgUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDb {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database of the dialect: in-memory SQLite, or a new database on the test PostgreSQL. */
export async function freshDatabase(dialect: Dialect): Promise<TestDb> {
  if (dialect === 'sqlite') {
    const db = openDatabase('sqlite::memory:');
    return { db, url: 'sqlite::memory:', drop: () => db.close() };
  }
  const admin = inject('pgUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = admin.replace(/\/postgres$/, `/${name}`);
  const db = openDatabase(url, 20);
  return {
    db,
    url,
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
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
    ...overrides,
  });
}

/** The real app on a fresh database of the dialect, with a clock the test controls. */
export async function createTestApp(
  dialect: Dialect,
  options: { env?: Record<string, string>; mailTransport?: MailTransport } = {},
): Promise<TestApp> {
  const testDb = await freshDatabase(dialect);
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
  const built = await buildApp({
    env: testEnv(options.env),
    db: testDb.db,
    clock,
    logger: process.env.TEST_LOG === '1' ? { level: 'error' } : false,
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
