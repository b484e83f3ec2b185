import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { advanceServerClock, baseUrl, dbPath } from './browser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `npm run operator:create` against the test server's database, as an operator would run it; its output. The
 * command runs at the server's time: a browser test file that ran before in the same lane may have moved that
 * server's clock weeks ahead (subscriptions, members), and a link signed at the wall's time would then have
 * expired there already (a sign-in link lasts 14 days).
 */
export async function operatorCreate(email: string): Promise<string> {
  const ahead = Math.max(0, (await advanceServerClock()) - Date.now());
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
  return printedLink(await operatorCreate(email));
}

/** The sign-in link in what `operator:create` printed (the test fails, showing the output, without one). */
export function printedLink(printed: string): string {
  const link = /https?:\/\/\S+\/user\/login\/IQB-1799\?\S+/.exec(printed)?.[0];
  expect(link, printed).toBeTruthy();
  return link as string;
}

/**
 * The authenticator's code at the server's time: the browser tests move the server's clock (trials, renewals),
 * and an authenticator is in step with the server it signs in to.
 */
export async function codeFor(secret: string): Promise<string> {
  const now = await advanceServerClock();
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: now,
  });
}
