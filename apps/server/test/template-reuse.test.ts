import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { publicTables } from './template-db';
import { dialects, freshDatabase, type TestDb } from './test-app';

/**
 * Every table's rows (a count and a digest of the rows in a fixed order) and every sequence's position: two
 * databases with the same fingerprint hold the same data.
 */
async function fingerprint(t: TestDb): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of await publicTables(t.db)) {
    const row = await sql<{ n: string; digest: string }>`select count(*) as n,
        md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest from ${sql.table(name)} as r`.execute(
      t.db.kysely,
    );
    out[name] = `${row.rows[0]?.n}:${row.rows[0]?.digest}`;
  }
  const sequences = await sql<{ name: string; last_value: string | null }>`
    select sequencename as name, last_value from pg_sequences where schemaname = 'public'`.execute(t.db.kysely);
  for (const s of sequences.rows) out[`sequence ${s.name}`] = String(s.last_value);
  return out;
}

// The server suites give a closed test app's PostgreSQL database to the next one, put back to the template's
// rows, instead of copying the template again (test-app.ts): a reused database must hold exactly what a
// fresh copy holds, whatever the test before it wrote.
describe.skipIf(!dialects().includes('postgres'))('a PostgreSQL test database given to the next test', () => {
  const open: TestDb[] = [];
  afterAll(async () => Promise.all(open.map((t) => t.drop())));

  it('holds exactly what a fresh copy of the template holds', async () => {
    const first = await freshDatabase('postgres', 'template', { reuse: true });
    const k = first.db.kysely;
    // What tests do: change seeded rows, remove some, add rows elsewhere, advance sequences.
    await sql`update sku_prices set list_minor = list_minor + 1`.execute(k);
    await sql`delete from help_article_translations`.execute(k);
    await sql`delete from kysely_migration where name like '0001%'`.execute(k);
    const sequences = await sql<{
      name: string;
    }>`select sequencename as name from pg_sequences where schemaname = 'public'`.execute(k);
    for (const s of sequences.rows) await sql`select nextval(${s.name})`.execute(k);
    const changed = await fingerprint(first);
    await first.drop();

    const reused = await freshDatabase('postgres', 'template', { reuse: true });
    open.push(reused);
    expect(reused.url).toBe(first.url);
    const fresh = await freshDatabase('postgres', 'template');
    open.push(fresh);
    const expected = await fingerprint(fresh);
    expect(changed).not.toEqual(expected);
    expect(await fingerprint(reused)).toEqual(expected);
  });
});
