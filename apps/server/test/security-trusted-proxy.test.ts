import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env';
import { createTestApp, dialects, type TestApp } from './test-app';

/**
 * Behind a proxy, a per-client limit must count the client the proxy saw, not an address the client wrote
 * into X-Forwarded-For itself (issue 13, "Trusted proxies").
 */
describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, and refuses to trust every hop', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*every hop/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
  });
});

describe.each(dialects())('per-client limits behind a proxy on %s', (dialect) => {
  for (const [label, trust] of [
    ['a hop count', '1'],
    ['the proxy address', '10.1.0.0/16'],
  ] as const) {
    describe(`trusting ${label}`, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createTestApp(dialect, { env: { TRUST_PROXY: trust, RATE_LIMIT_MAX: '5' } });
      });
      afterAll(() => t.close());

      /** A request as the proxy (10.1.0.2) forwards it: the client's own header, then the address it saw. */
      const viaProxy = (client: string, forged: string) =>
        t.app.inject({
          method: 'GET',
          url: '/api/exam/stats/1799',
          remoteAddress: '10.1.0.2',
          headers: { 'x-forwarded-for': `${forged}, ${client}` },
        });

      it('a forged X-Forwarded-For does not escape the flood guard; another client keeps its own budget', async () => {
        const codes: number[] = [];
        for (let i = 0; i < 7; i++) codes.push((await viaProxy('203.0.113.9', `198.51.100.${i}`)).statusCode);
        expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
        expect(codes.slice(5)).toEqual([429, 429]);
        expect((await viaProxy('203.0.113.10', '203.0.113.9')).statusCode).toBe(200);
      });
    });
  }

  it('a client that is not a trusted proxy cannot name another address at all', async () => {
    const t = await createTestApp(dialect, { env: { TRUST_PROXY: '10.1.0.0/16', RATE_LIMIT_MAX: '3' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/exam/stats/1799',
          remoteAddress: '203.0.113.50',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
