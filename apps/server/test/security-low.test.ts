import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyTier, get } from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

/** Issue 13, "Low": link tokens checked exactly and kept out of logs; the local mailbox's errors and caching. */
describe.each(dialects())('low findings, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('a report token followed by ".anything" opens nothing', async () => {
    const { order, token } = await buyTier(t, 'sku2', 'exact@example.com');
    expect((await get(t, `/api/exam/order/info/${order}?token=${token}`)).statusCode).toBe(200);
    const longer = await get(t, `/api/exam/order/info/${order}?token=${token}.anything`);
    expect([longer.statusCode, longer.json().code]).toEqual([403, 'REPORT_ACCESS_DENIED']);
  });

  it('the local mailbox answers 400 to a bad id and is never cached', async () => {
    const bad = await get(t, '/dev/mailbox/abc');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await get(t, '/dev/mailbox/abc/html')).statusCode).toBe(400);
    for (const url of ['/dev/mailbox', '/dev/mailbox/messages.json', '/dev/mailbox/1', '/dev/mailbox/abc']) {
      expect((await get(t, url)).headers['cache-control'], url).toBe('no-store');
    }
  });

  it('request logs keep the URL but not its link token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp(dialect, { env: { LOG_LEVEL: 'info' }, logger: { stream } });
    try {
      const secret = 'k3x.SECRETSIGNATURE';
      await logged.app.inject({
        method: 'GET',
        url: `/api/exam/order/info/MG${'a'.repeat(22)}?token=${secret}&hl=en`,
        headers: { cookie: 'IQ-token=COOKIESECRET', authorization: 'Bearer BEARERSECRET' },
      });
      await logged.app.inject({ method: 'GET', url: `/cancel/subscription/IQB-1799?sub=x&token=${secret}` });
      const log = lines.join('');
      expect(log).toContain('/api/exam/order/info/MG');
      expect(log).toContain('token=[redacted]');
      expect(log).not.toContain('SECRETSIGNATURE');
      expect(log).not.toContain('COOKIESECRET');
      expect(log).not.toContain('BEARERSECRET');
    } finally {
      await logged.close();
    }
  });

  it('writes one JSON line per request at the default level, with its URL, status and time (issue 14)', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const logged = await createTestApp(dialect, { env: { LOG_LEVEL: 'info' }, logger: { stream } });
    try {
      lines.length = 0;
      const res = await logged.app.inject({ method: 'GET', url: '/api/exam/stats/1799?token=abc.SECRET' });
      expect(res.statusCode).toBe(200);
      const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(entries).toHaveLength(1);
      const [entry] = entries as [
        { req: { method: string; url: string }; res: { statusCode: number }; responseTime: number; reqId: string },
      ];
      expect(entry.req).toMatchObject({ method: 'GET', url: '/api/exam/stats/1799?token=[redacted]' });
      expect(entry.res.statusCode).toBe(200);
      expect(entry.responseTime).toBeGreaterThanOrEqual(0);
      expect(entry.reqId).toBeTruthy();
    } finally {
      await logged.close();
    }
  });
});
