import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDownAll, migrateToLatest } from '../src/db/migrate';
import { dialects, freshDatabase, type TestDb } from './test-app';

const TABLES = [
  'exams',
  'protocols',
  'help_articles',
  'mail_outbox',
  'local_mailbox',
  'rate_limit_hits',
  'page_views',
  'exam_sessions',
  'session_answers',
  'exam_orders',
];

async function tableNames(t: TestDb): Promise<string[]> {
  const q =
    t.db.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table'`
      : sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public'`;
  return (await q.execute(t.db.kysely)).rows.map((r) => r.name).sort();
}

/** Kysely's own bookkeeping (which migrations ran, the lock) outlives a full rollback by design. */
const isBookkeeping = (name: string) => name.startsWith('kysely_migration') || name.startsWith('sqlite_');

describe.each(dialects())('migrations on %s', (dialect) => {
  const dbs: TestDb[] = [];
  afterAll(async () => Promise.all(dbs.map((d) => d.drop())));

  it('go up, all the way down, and up again', async () => {
    const t = await freshDatabase(dialect);
    dbs.push(t);
    expect(await migrateToLatest(t.db)).toContain('0001-initial');
    // Every table the migrations create, read from the database itself, so a new migration is covered too.
    const created = (await tableNames(t)).filter((name) => !isBookkeeping(name));
    expect(created).toEqual(expect.arrayContaining(TABLES));
    expect(created.length).toBeGreaterThanOrEqual(36);
    expect(await migrateToLatest(t.db)).toEqual([]);
    await migrateDownAll(t.db);
    // A full rollback drops every one of them, not only the first migrations' tables.
    expect((await tableNames(t)).filter((name) => !isBookkeeping(name))).toEqual([]);
    await migrateToLatest(t.db);
    expect((await tableNames(t)).filter((name) => !isBookkeeping(name))).toEqual(created);
  });
});
