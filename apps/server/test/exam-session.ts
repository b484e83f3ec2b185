import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** The test session's cookie: the only place its id travels (issue 13). */
export const SESSION_COOKIE = 'IQ-exam';

/** The request options of a call from the browser holding this test session. */
export const withSession = (sessionId: string) => ({ cookies: { [SESSION_COOKIE]: sessionId } });

/**
 * Starts (or, with the cookie of a session, resumes) a test as the web app does: a POST that sets the
 * HttpOnly cookie. Returns the question list and the session id read from the cookie set.
 */
export async function startTest(
  t: TestApp,
  opts: { hl?: string; restart?: boolean; cookie?: string; headers?: Record<string, string>; variant?: string } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/exam/session/start/1799/${opts.hl ?? 'en'}`,
    payload: {
      ...(opts.restart ? { restart: true } : {}),
      ...(opts.variant !== undefined ? { variant: opts.variant } : {}),
    },
    headers: opts.headers ?? {},
    ...(opts.cookie ? withSession(opts.cookie) : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
  return { res, data: res.json().data, cookie: cookie!, sessionId: cookie!.value };
}

/** A POST from the browser holding this test session (the id rides in the cookie, never in the body). */
export function sessionPost(t: TestApp, sessionId: string, url: string, payload: object = {}) {
  return t.app.inject({ method: 'POST', url, payload, ...withSession(sessionId) });
}
