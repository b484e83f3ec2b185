import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database';

/** An auto-incrementing integer primary key in either dialect. */
export function autoId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Epoch milliseconds overflow a 32-bit INTEGER on PostgreSQL; SQLite's INTEGER is already 64-bit. */
export function epochMs(dialect: Dialect): 'bigint' | 'integer' {
  return dialect === 'postgres' ? 'bigint' : 'integer';
}
