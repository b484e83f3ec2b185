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
  close(): Promise<void>;
}

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

export function openDatabase(url: string, poolMax = 10): Db {
  if (dialectOf(url) === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: poolMax });
    // An idle connection dropped by the server (restart, failover, admin termination) must not crash the
    // process: the pool replaces it, and queries in flight report their own errors.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL idle connection lost: ${err.message}`);
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  const file = sqlitePath(url);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL for concurrent readers; FULL sync because orders and payments live here: a committed
  // transaction must survive a power loss.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/**
 * Kysely prepares a statement for every query; better-sqlite3 statements are reusable, and on the single
 * connection they run one at a time, so the same SQL text can share one prepared statement. (We never
 * stream with `iterate`, the one case where a shared statement could be busy.) Bounded, in case of SQL
 * built with varying shapes.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDatabase.Database {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return new Proxy(sqlite, {
    get(target, prop, receiver) {
      if (prop !== 'prepare') return Reflect.get(target, prop, receiver);
      return (sql: string) => {
        let stmt = statements.get(sql);
        if (!stmt) {
          if (statements.size >= 1000) statements.clear();
          stmt = target.prepare(sql);
          statements.set(sql, stmt);
        }
        return stmt;
      };
    },
  });
}
