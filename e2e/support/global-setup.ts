import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildServerIfChanged } from '../../scripts/server-build-inputs.mjs';
import { chromiumPath } from './chromium';
import { ensureWebBuild } from './web-build';

/** One lane's server: its address and its SQLite file (tests read a session's key from it). */
export interface LaneServer {
  baseUrl: string;
  dbPath: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    chromium: string;
    /**
     * One server per lane (the project's maxWorkers): a file talks to its worker's own server (see lane.ts),
     * so a file that moves its server's clock never moves the clock of a file running beside it.
     */
    e2eServers: LaneServer[];
    /** Whether the setup built the server (apps/server/dist), which the lanes run; production-start.test.ts reuses it. */
    serverBuilt: boolean;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/** The browser tests drive the bundle `npm start` serves: React's production build, never its development one. */
function assertProductionBuild(assets: string): void {
  for (const file of fs.readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(assets, file), 'utf8');
    if (code.includes('jsxDEV') || code.includes('react.development'))
      throw new Error(`the web build holds React's development build (${file}): build with NODE_ENV=production`);
  }
}

/**
 * Builds the web app (unless its build is up to date) and starts one real server per lane on a loopback port
 * with a throwaway SQLite file and the local mailbox: the browser tests drive exactly what `npm start` serves.
 */
export default async function setup(project: TestProject) {
  const chromium = chromiumPath();
  if (!chromium) {
    if (process.env.REQUIRE_BROWSER === '1')
      throw new Error('REQUIRE_BROWSER=1 but no Chromium at /usr/bin/chromium (set CHROMIUM_PATH)');
    console.warn(
      '\n!!! ==========================================================\n' +
        '!!! Chromium not found: the BROWSER TESTS ARE SKIPPED.\n' +
        '!!! Install it with `apt-get install chromium` to run them.\n' +
        '!!! ==========================================================\n',
    );
    project.provide('chromium', '');
    project.provide('e2eServers', []);
    project.provide('serverBuilt', false);
    return;
  }

  // Rebuilds only when an input of the bundle changed since the build in apps/web/dist (see web-build.ts).
  const started = Date.now();
  const built = ensureWebBuild(root);
  console.info(`web app: ${built ? 'built' : 'up to date, reused'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  assertProductionBuild(path.join(root, 'apps/web/dist/assets'));
  buildServer();

  // Every lane's server starts at once: their start-ups (migrations, seeding, the first forms) overlap.
  const lanes = Math.max(1, project.config.maxWorkers ?? 1);
  const launched = await Promise.allSettled(Array.from({ length: lanes }, () => startServer()));
  const servers = launched.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = launched.find((r) => r.status === 'rejected');
  if (failed) {
    // No server outlives a failed start: the ones that did start are stopped before the error is reported.
    await Promise.all(servers.map((s) => s.stop()));
    throw failed.reason;
  }
  project.provide('chromium', chromium);
  project.provide('serverBuilt', true);
  project.provide(
    'e2eServers',
    servers.map((s) => s.lane),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}

/**
 * The server's bundle, as `npm start` builds it (`scripts/build-server.mjs --if-changed`: about 0.4 s of CPU when
 * a source changed, nothing otherwise), which the lanes run with plain node as `npm start` does. From the
 * TypeScript sources under tsx each lane's start took about 2.5 s more CPU, and each worker thread it started
 * loaded tsx and the sources again.
 */
function buildServer(): void {
  const res = buildServerIfChanged(root, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`the server's build failed:\n${res.stdout}\n${res.stderr}`);
}

/** The real server (its build) on a loopback port with a throwaway SQLite file and the local mailbox. */
async function startServer(): Promise<{ lane: LaneServer; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mindgauge-e2e-'));
  const port = await freePort();
  const dbPath = path.join(dir, 'e2e.db');
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: `sqlite:${dbPath}`,
      MAIL_TRANSPORT: 'local',
      MAIL_WORKER_INTERVAL_MS: '100',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      // The subscription tests move the server's time past a trial's reminder and end.
      CLOCK_CONTROL: '1',
      // A lane starts a few tests per language: 16 forms per language drawn at start-up (9 x 16 per server)
      // only took CPU from the first files' pages.
      FORM_POOL_SIZE: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (err) {
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    lane: { baseUrl, dbPath },
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
