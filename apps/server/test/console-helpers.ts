import { expect } from 'vitest';
import { totpCode } from '../src/modules/console/totp';
import type { TestApp } from './test-app';

/**
 * An operator signed in with the one-time link and the second factor passed; its `IQ-token` cookie. The clock
 * then moves past the code's time step (each step is accepted once). `ip` gives each request its own address,
 * as the callers' rate limits expect.
 */
export async function operatorCookie(t: TestApp, email: string, ip: () => string): Promise<string> {
  const account = await t.accounts.ensureAccount(email, 'en');
  await t.console.repo.grantOperator(account.id, t.clock.now());
  const link = new URL(t.accounts.signInUrl(email, 1799, 'en')).searchParams.get('link');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/login/link',
    remoteAddress: ip(),
    payload: { token: link },
  });
  const cookie = res.cookies.find((c) => c.name === 'IQ-token')?.value ?? '';
  const headers = { cookie: `IQ-token=${cookie}` };
  const enrol = await t.app.inject({ method: 'POST', url: '/api/console/totp/enrol', remoteAddress: ip(), headers });
  const { secret } = enrol.json().data;
  const ok = await t.app.inject({
    method: 'POST',
    url: '/api/console/totp/verify',
    remoteAddress: ip(),
    headers,
    payload: { code: totpCode(secret, t.clock.now()) },
  });
  expect(ok.statusCode, ok.body).toBe(200);
  t.clock.advance(30_000);
  return cookie;
}
