import { inject } from 'vitest';
import type { LaneServer } from './global-setup';

/**
 * This file's server. Browser test files run in lanes, one file per worker at a time (VITEST_POOL_ID 1..n),
 * and each lane has a server and database of its own: what one file does to its server (its clock moved
 * days ahead, its mailbox filled) never reaches a file running beside it.
 * It does reach the files that run after it in the same lane: a test that signs something outside the server
 * (operator.ts runs `operator:create`) does it at the server's time, which may be weeks ahead of the wall's.
 */
export function laneServer(): LaneServer {
  const servers = inject('e2eServers');
  const lane = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(lane - 1) % servers.length];
  if (!server) throw new Error('no browser-test server: the e2e global setup started none');
  return server;
}

/** The address of this file's server. */
export const baseUrl = (): string => laneServer().baseUrl;

/** The SQLite file of this file's server (a test reads a session's answer key from it). */
export const dbPath = (): string => laneServer().dbPath;

/**
 * Moves this file's server clock `ms` forward (CLOCK_CONTROL=1; 0 only reads it) and lets its due jobs run;
 * resolves to the server's time after the move. Browser tests move it (trials, renewals), so anything that must
 * agree with the server (a signed link, an authenticator's code, a date to filter by) takes its time from here.
 */
export async function advanceServerClock(ms = 0): Promise<number> {
  const res = await fetch(`${baseUrl()}/dev/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms }),
  });
  if (res.status !== 200) throw new Error(`/dev/clock/advance answered ${res.status}: ${await res.text()}`);
  return Date.parse(((await res.json()) as { data: { now: string } }).data.now);
}
