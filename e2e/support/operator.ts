import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, dbPath } from './browser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `npm run operator:create` against the test server's database, as an operator would run it; its output. */
export function operatorCreate(email: string): string {
  const res = spawnSync(process.execPath, [path.join(root, 'scripts/operator.mjs'), '--email', email], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: `sqlite:${dbPath()}`, PUBLIC_URL: baseUrl(), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(res.status, `${res.stdout}\n${res.stderr}`).toBe(0);
  return res.stdout;
}

/** The one-time sign-in link `operator:create` prints. */
export function operatorLink(email: string): string {
  const printed = operatorCreate(email);
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
