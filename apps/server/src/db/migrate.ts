import { Migrator } from 'kysely';
import type { Db } from './database';
import { migrationProvider } from './migrations';

function migrator(db: Db): Migrator {
  return new Migrator({ db: db.kysely, provider: migrationProvider(db.dialect) });
}

async function run(label: string, exec: Promise<Awaited<ReturnType<Migrator['migrateToLatest']>>>) {
  const { error, results } = await exec;
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`${label} failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error ?? '')}`);
  }
  return results?.map((r) => r.migrationName) ?? [];
}

export function migrateToLatest(db: Db): Promise<string[]> {
  return run('Migration', migrator(db).migrateToLatest());
}

/** Rolls every migration back (tests prove each `down` works). */
export async function migrateDownAll(db: Db): Promise<string[]> {
  const m = migrator(db);
  const done: string[] = [];
  for (;;) {
    const names = await run('Rollback', m.migrateDown());
    if (names.length === 0) return done;
    done.push(...names);
  }
}
