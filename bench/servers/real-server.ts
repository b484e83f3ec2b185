import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { parseEnv } from '../../apps/server/src/config/env';
import { reportServing } from './report-serving';

/**
 * The real server as `npm start` runs it (SQLite file, helmet, rate limiting, zod), minus the web app.
 * Arguments `NAME=value` set configuration variables (a bench's SMTP server, worker counts).
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-bench-'));
const overrides = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((a) => /^[A-Z_]+=/.test(a))
    .map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]),
);
const env = parseEnv({
  DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`,
  // The browser benchmarks need the built web app; the API ones measure the API alone.
  SERVE_WEB: process.argv.includes('--web') ? 'true' : 'false',
  // Production settings: the default log level (one JSON line per request), written by pino to stdout as in
  // production (the bench sends this process's stdout to a file).
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  RATE_LIMIT_MAX: '100000000',
  PORT: '0',
  ...overrides,
});
const { app } = await buildApp({ env });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
reportServing({ port: typeof address === 'object' && address ? address.port : 0, dbPath: path.join(dir, 'bench.db') });
process.on('SIGTERM', async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
