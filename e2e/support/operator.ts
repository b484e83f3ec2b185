import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, dbPath } from './browser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `npm run operator:create` against the test server's database, as an operator would run it; its output. The
 * command runs at the server's time: a browser test file that ran before in the same lane may have moved that
 * server's clock weeks ahead (subscriptions, members), and a link signed at the wall's time would then have
 * expired there already (a sign-in link lasts 14 days).
 */
export async function operatorCreate(email: string): Promise<string> {
  const clock = await fetch(`${baseUrl()}/dev/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms: 0 }),
  });
  const serverNow = Date.parse(((await clock.json()) as { data: { now: string } }).data.now);
  const ahead = Math.max(0, serverNow - Date.now());
  const res = spawnSync(process.execPath, [path.join(root, 'scripts/operator.mjs'), '--email', email], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${dbPath()}`,
      PUBLIC_URL: baseUrl(),
      LOG_LEVEL: 'silent',
      CLOCK_CONTROL: '1',
      CLOCK_OFFSET_MS: String(ahead),
    },
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(res.status, `${res.stdout}\n${res.stderr}`).toBe(0);
  return res.stdout;
}

/** The one-time sign-in link `operator:create` prints. */
export async function operatorLink(email: string): Promise<string> {
  const printed = await operatorCreate(email);
  const link = /https?:\/\/\S+\/user\/login\/IQB-1799\?\S+/.exec(printed)?.[0];
  expect(link, printed).toBeTruthy();
  return link as string;
}

/**
 * The authenticator's code at the server's time: the browser tests move the server's clock (trials, renewals),
 * and an authenticator is in step with the server it signs in to.
 */
export async function codeFor(page: Page, secret: string): Promise<string> {
  const res = await page.request.post('/dev/clock/advance', { data: { ms: 0 } });
  const now = Date.parse((await res.json()).data.now as string);
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: now,
  });
}
