import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { parseEnv } from '../src/config/env';
import { ManualClock } from '../src/lib/clock';
import { buyTier, get } from './checkout-helpers';
import { dialects, freshDatabase, type TestApp, type TestDb, testEnv } from './test-app';

const K1 = 'first-key-0123456789-0123456789-abcdef';
const K2 = 'second-key-0123456789-0123456789-abcdef';

/** Issue 13, "Low": signing keys may come from the environment, and rotate with a grace period. */
describe.each(dialects())('signing keys from the environment, on %s', (dialect) => {
  let db: TestDb;
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
  beforeAll(async () => {
    db = await freshDatabase(dialect);
  });
  afterAll(() => db.drop());

  /** One instance of the server on the shared database, with these report-link keys. */
  async function instance(keys: string): Promise<TestApp> {
    const built = await buildApp({ env: testEnv({ SECRET_REPORT_LINKS: keys }), db: db.db, clock, logger: false });
    return { ...built, clock, testDb: db, close: () => built.app.close() };
  }

  it('refuses short keys at start-up', () => {
    expect(() => parseEnv({ SECRET_REPORT_LINKS: 'short' })).toThrow(/SECRET_REPORT_LINKS/);
    expect(parseEnv({ SECRET_CANCEL_LINKS: `${K2}, ${K1}` }).SECRET_CANCEL_LINKS).toEqual([K2, K1]);
  });

  it('signs with the first key, accepts older ones until they are dropped, and stores none of them', async () => {
    const first = await instance(K1);
    const { order, token } = await buyTier(first, 'sku2', 'rotate@example.com');
    await first.close();

    const rotated = await instance(`${K2},${K1}`);
    expect((await get(rotated, `/api/exam/order/info/${order}?token=${token}`)).statusCode).toBe(200);
    const fresh = await buyTier(rotated, 'sku2', 'rotate2@example.com');
    await rotated.close();

    const done = await instance(K2);
    expect((await get(done, `/api/exam/order/info/${order}?token=${token}`)).statusCode).toBe(403);
    expect((await get(done, `/api/exam/order/info/${fresh.order}?token=${fresh.token}`)).statusCode).toBe(200);
    await done.close();

    const stored = await db.db.kysely.selectFrom('app_secrets').select('name').execute();
    expect(stored.map((s) => s.name)).not.toContain('report-links');
  });
});
