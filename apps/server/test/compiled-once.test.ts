import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../src/db/compiled-once';
import { startTest } from './exam-session';
import { createTestApp, dialects, type TestApp } from './test-app';

/** A hot query compiled once runs each call with that call's arguments, as the query built anew would. */
describe.each(dialects())('queries compiled once, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('gives each call its own arguments, keeps the constants, and matches the query built each time', async () => {
    const db = t.deps.db.kysely;
    const a = (await startTest(t, { hl: 'en', restart: true })).sessionId;
    const b = (await startTest(t, { hl: 'fr', restart: true })).sessionId;
    // Two arguments, one of them used twice, and a constant ('active') between them.
    const query = compiledOnce(db, 2, (id: string, locale: string) =>
      db
        .selectFrom('exam_sessions')
        .select(['id', 'locale'])
        .where((eb) => eb.or([eb('id', '=', id), eb('locale', '=', locale)]))
        .where('status', '=', 'active')
        .where((eb) => eb.or([eb('id', '=', id), eb('id', '!=', id)])),
    );
    const built = (id: string, locale: string) =>
      db
        .selectFrom('exam_sessions')
        .select(['id', 'locale'])
        .where((eb) => eb.or([eb('id', '=', id), eb('locale', '=', locale)]))
        .where('status', '=', 'active')
        .execute();
    const sort = (rows: { id: string }[]) => [...rows].sort((x, y) => x.id.localeCompare(y.id));
    for (const [id, locale] of [
      [a, 'xx'],
      [b, 'xx'],
      ['none', 'fr'],
      [a, 'fr'],
    ] as const) {
      expect(sort(await query(id, locale))).toEqual(sort(await built(id, locale)));
    }
    expect((await query(a, 'xx')).map((r) => r.id)).toEqual([a]);
    expect((await query(b, 'xx')).map((r) => r.locale)).toEqual(['fr']);
  });

  it('refuses a query that an argument does not reach (its value would be lost)', async () => {
    const db = t.deps.db.kysely;
    const query = compiledOnce(db, 2, (id: string, _forgotten: string) =>
      db.selectFrom('exam_sessions').select('id').where('id', '=', id),
    );
    await expect(query('x', 'y')).rejects.toThrow(/argument 1 does not reach/);
  });
});
