import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_RULES } from '../src/modules/pdf/report-files';
import { buyTier, post } from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

/** Issue 13: rendering PDFs is costly, so each order gets a budget of renders; strangers cannot spend it. */
describe.each(dialects())('PDF renders per order, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('renders up to the budget, then answers 429 until the window passes; refused requests cost nothing', async () => {
    const { order, token } = await buyTier(t, 'sku4', 'pdf@example.com');
    const download = (body: Record<string, unknown>) =>
      post(t, '/api/exam/order/file/down/info', { orderNumber: order, kind: 'certificate', name: 'Ada', ...body });
    for (let i = 0; i < PDF_RULES.max + 5; i++) {
      expect((await download({ token: `${token}x` })).statusCode).toBe(403);
    }
    const codes: number[] = [];
    for (let i = 0; i < PDF_RULES.max + 1; i++) codes.push((await download({ token })).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(PDF_RULES.max);
    expect(codes.at(-1)).toBe(429);
    expect((await download({ token, kind: 'report' })).statusCode).toBe(429);
    // The window slides: the burst has left it only once a whole window has passed since the last hit.
    t.clock.advance(2 * PDF_RULES.windowMs);
    const again = await download({ token });
    expect([again.statusCode, again.headers['content-type']]).toEqual([200, 'application/pdf']);
  });
});
