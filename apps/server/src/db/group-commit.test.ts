import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { groupCommit, openDatabase } from './database';

function fakeFile() {
  const syncs: { resolve: () => void }[] = [];
  return {
    syncs,
    open: async () => ({
      datasync: () => new Promise<void>((resolve) => syncs.push({ resolve })),
      close: async () => {},
    }),
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('group commit', () => {
  it('does not sync when nothing was written', async () => {
    const f = fakeFile();
    const writes = { dirty: false };
    await groupCommit('wal', writes, f.open).durable();
    expect(f.syncs).toHaveLength(0);
  });

  it('one sync covers every write made before it began; a later write waits for the next sync', async () => {
    const f = fakeFile();
    const writes = { dirty: true };
    const gc = groupCommit('wal', writes, f.open);
    let firstDone = false;
    const first = Array.from({ length: 10 }, () => gc.durable().then(() => (firstDone = true)));
    await tick();
    expect(f.syncs).toHaveLength(1);
    writes.dirty = true; // a write committed while the sync is in flight
    let laterDone = false;
    const later = gc.durable().then(() => (laterDone = true));
    f.syncs[0]?.resolve();
    await Promise.all(first);
    expect(firstDone).toBe(true);
    await tick();
    expect(laterDone).toBe(false);
    expect(f.syncs).toHaveLength(2);
    f.syncs[1]?.resolve();
    await later;
    expect(laterDone).toBe(true);
  });

  it('keeps committed rows through a reopen of a real database file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-gc-'));
    const url = `sqlite:${path.join(dir, 'x.db')}`;
    const db = openDatabase(url);
    await sql`create table t (v integer)`.execute(db.kysely);
    await sql`insert into t values (42)`.execute(db.kysely);
    await db.durable();
    await db.close();
    const again = openDatabase(url);
    const rows = await sql<{ v: number }>`select v from t`.execute(again.kysely);
    expect(rows.rows).toEqual([{ v: 42 }]);
    await again.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
