import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { fromRoot } from '../config/env';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * Resolves once every write committed so far is on disk. Responses wait for it (see app.ts), so nothing is
   * acknowledged before it is durable. On PostgreSQL a commit is already durable when it returns.
   */
  durable(): Promise<void>;
  /** True when there is nothing to wait for: lets the hot path skip a promise. */
  isDurable(): boolean;
  close(): Promise<void>;
}

const alreadyDurable = () => Promise.resolve();

// BIGINT (epoch ms) and COUNT(*) come back from pg as strings; our values fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

/** `sqlite:data/x.db`, `sqlite::memory:`, or a bare path → a file path for better-sqlite3. */
function sqlitePath(url: string): string {
  const p = url.replace(/^sqlite:(\/\/)?/, '').replace(/^file:/, '');
  if (p === ':memory:') return p;
  return fromRoot(p);
}

/**
 * `sqliteImage`: for `sqlite::memory:`, a serialized database to start from instead of an empty one (the server
 * tests copy a migrated and seeded template this way, in milliseconds).
 */
export function openDatabase(url: string, poolMax = 10, sqliteImage?: Buffer): Db {
  if (dialectOf(url) === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: poolMax });
    // An idle connection dropped by the server (restart, failover, admin termination) must not crash the
    // process: the pool replaces it, and queries in flight report their own errors.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL idle connection lost: ${err.message}`);
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      dialect: 'postgres',
      durable: alreadyDurable,
      isDurable: () => true,
      close: () => kysely.destroy(),
    };
  }
  const file = sqlitePath(url);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(sqliteImage && file === ':memory:' ? sqliteImage : file);
  // WAL for concurrent readers. Commits write the WAL without waiting for the disk (NORMAL); durability
  // comes from groupCommit below, which syncs the WAL once for every write made since the last sync, off
  // the event loop, before any response is sent. Same guarantee as FULL, at a fraction of its cost under
  // load (decision 0010).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const writes = { dirty: false };
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, writes) }) });
  const commit = file === ':memory:' ? undefined : groupCommit(`${file}-wal`, writes);
  return {
    kysely,
    dialect: 'sqlite',
    durable: commit ? commit.durable : alreadyDurable,
    isDurable: commit ? commit.isDurable : () => true,
    async close() {
      await commit?.durable();
      await commit?.close();
      await kysely.destroy();
    },
  };
}

/**
 * Group commit for SQLite: one fdatasync of the WAL covers every transaction committed before it started,
 * and runs in libuv's thread pool instead of blocking the event loop as `synchronous = FULL` does for each
 * commit. A caller whose write came after the sync in flight began waits for the next one.
 */
export function groupCommit(
  walPath: string,
  writes: { dirty: boolean },
  openFile: (p: string) => Promise<Pick<fs.promises.FileHandle, 'datasync' | 'close'>> = (p) =>
    fs.promises.open(p, 'r+'),
) {
  let handle: Pick<fs.promises.FileHandle, 'datasync' | 'close'> | undefined;
  let current: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  async function sync(): Promise<void> {
    writes.dirty = false;
    handle ??= await openFile(walPath);
    await handle.datasync();
  }
  function start(): Promise<void> {
    current = sync().finally(() => {
      current = null;
    });
    return current;
  }
  function durable(): Promise<void> {
    if (current) {
      // The sync in flight began after our last write unless something was written since it began.
      if (!writes.dirty) return current;
      const again = () => {
        queued = null;
        return durable();
      };
      queued ??= current.then(again, again);
      return queued;
    }
    return writes.dirty ? start() : Promise.resolve();
  }
  return {
    durable,
    isDurable: () => !writes.dirty && current === null,
    async close() {
      await handle?.close();
      handle = undefined;
    },
  };
}

/**
 * Kysely prepares a statement for every query; better-sqlite3 statements are reusable, and on the single
 * connection they run one at a time, so the same SQL text can share one prepared statement. (We never
 * stream with `iterate`, the one case where a shared statement could be busy.) Bounded, in case of SQL
 * built with varying shapes.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, writes: { dirty: boolean }): SqliteDatabase.Database {
  const statements = new Map<string, SqliteDatabase.Statement>();
  const writing = new Map<string, boolean>();
  return new Proxy(sqlite, {
    get(target, prop, receiver) {
      if (prop !== 'prepare') return Reflect.get(target, prop, receiver);
      return (sql: string) => {
        let stmt = statements.get(sql);
        if (!stmt) {
          if (statements.size >= 1000) {
            statements.clear();
            writing.clear();
          }
          stmt = target.prepare(sql);
          statements.set(sql, stmt);
          // Anything but a plain read (writes, commits, pragmas) makes the WAL need a sync.
          writing.set(sql, !/^\s*select\b/i.test(sql));
        }
        if (writing.get(sql)) writes.dirty = true;
        return stmt;
      };
    },
  });
}
