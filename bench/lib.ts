import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(BENCH_DIR, '..');

/** Builds the web app as `npm start` serves it: the production bundle, whatever NODE_ENV this shell has. */
export function buildWeb(): void {
  const build = spawnSync('npm', ['run', 'build', '-w', '@mindgauge/web'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('web build failed');
}

/**
 * The benchmarks' server compiled as production compiles the server (bench/build-real-server.mjs), once per
 * benchmark process: production runs a bundle with plain node, and the benchmarks measure that, not the
 * TypeScript sources through tsx (their module graph, tsx's hooks: 8% of a cached read's throughput, measured).
 */
const REAL_SERVER = 'servers/real-server.ts';
let realServerBuilt = false;
function buildRealServer(): string {
  const bundle = path.join(ROOT, 'apps/server/dist/bench-real-server.js');
  if (realServerBuilt) return bundle;
  const build = spawnSync(process.execPath, [path.join(BENCH_DIR, 'build-real-server.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('the server build failed');
  realServerBuilt = true;
  return bundle;
}

export interface Served {
  port: number;
  /** The server process (its CPU time is in /proc/<pid>/stat). */
  pid: number;
  /** The server's SQLite file, when it reports one (benchmarks that need to read what a test reads). */
  dbPath?: string;
  stop(): Promise<void>;
}

/**
 * Starts a server script in its own process (so the load generator does not share its event loop). The
 * script reports its port on file descriptor 3 (servers/report-serving.ts); its stdout goes to a file, as a
 * production server's log goes to a file or a pipe (pino writes there exactly as it does in production).
 */
export function serve(script: string, args: string[] = []): Promise<Served> {
  return new Promise((resolve, reject) => {
    // BENCH_CPU_PROF=<dir> writes a CPU profile of each server process there (open it in Chrome's DevTools).
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-bench-log-'));
    const stdout = fs.openSync(path.join(logDir, 'stdout.log'), 'a');
    // The real server as production runs it (node --enable-source-maps on the bundle, scripts/start.mjs); the
    // stand-ins (bare servers, the slow SMTP server) from their sources.
    const entry =
      script === REAL_SERVER
        ? ['--enable-source-maps', buildRealServer()]
        : ['--import', 'tsx', path.join(BENCH_DIR, script)];
    const child: ChildProcess = spawn(process.execPath, [...prof, ...entry, ...args], {
      cwd: ROOT,
      stdio: ['ignore', stdout, 'inherit', 'pipe'],
    });
    fs.closeSync(stdout);
    const removeLog = () => fs.rmSync(logDir, { recursive: true, force: true });
    let buf = '';
    (child.stdio[3] as NodeJS.ReadableStream | null)?.on('data', (c: Buffer) => {
      buf += c.toString();
      const line = buf.split('\n')[0];
      if (buf.includes('\n') && line) {
        const { port, dbPath } = JSON.parse(line) as { port: number; dbPath?: string };
        resolve({
          port,
          pid: child.pid ?? 0,
          dbPath,
          stop: () =>
            new Promise((r) => {
              child.once('exit', () => {
                removeLog();
                r();
              });
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => {
      removeLog();
      reject(new Error(`${script} exited with ${code}`));
    });
  });
}

export interface LoadResult {
  reqPerSec: number;
  p99Ms: number;
  avgMs: number;
  errors: number;
  non2xx: number;
}

/** autocannon against loopback only; bounded in time. */
export async function load(
  url: string,
  o: {
    connections?: number;
    seconds?: number;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: o.connections ?? 50,
    duration: o.seconds ?? 10,
    method: o.method ?? 'GET',
    headers: { ...(o.body ? { 'content-type': 'application/json' } : {}), ...o.headers },
    ...(o.body ? { body: o.body } : {}),
  });
  return {
    reqPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    avgMs: result.latency.average,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function machine() {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    node: process.version,
    // On a shared machine the figures mean little without it (1, 5 and 15 minutes, when the result is written).
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
}

export function writeResult(name: string, data: Record<string, unknown>): string {
  const file = path.join(BENCH_DIR, 'results', `${name}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    `${JSON.stringify({ generatedAt: new Date().toISOString(), machine: machine(), ...data }, null, 2)}\n`,
  );
  return file;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

function summarise(runs: LoadResult[]) {
  const rps = runs.map((r) => r.reqPerSec);
  return {
    reqPerSec: median(rps),
    /** The spread of the rounds: lowest and highest req/s. */
    min: Math.min(...rps),
    max: Math.max(...rps),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    rounds: rps,
    errors: runs.reduce((n, r) => n + r.errors, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  };
}

/** One HTTP exchange as it travelled: the status, the Set-Cookie headers, the body still encoded. */
export interface RawAnswer {
  status: number;
  setCookies: string[];
  encoding: string | undefined;
  body: Buffer;
}

/** Sends one request with node:http (an `agent` keeps connections alive) and collects the whole answer. */
export function exchange(
  url: string,
  o: { method?: string; headers?: Record<string, string>; body?: string; agent?: http.Agent } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: o.method ?? 'GET', headers: o.headers, agent: o.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          setCookies: res.headers['set-cookie'] ?? [],
          encoding: res.headers['content-encoding'],
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

/** The response's bytes as they travel (not decoded) and their content-encoding. */
async function rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string }> {
  const answer = await exchange(url, { headers });
  // A bench of an error answer measures nothing the visitor gets: refuse to compare it.
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}, not 200: nothing to compare`);
  return { body: answer.body, encoding: answer.encoding ?? '' };
}

/**
 * The real stack against a bare Fastify route returning the same bytes (compressed the same way, when the
 * request asks for it), each in its own process, loaded in alternating rounds (real, bare, real, bare…) so
 * that noise on a shared machine hits both alike. Reports the medians with their spread, and the median of
 * the per-round ratios (each real round against the bare round right after it).
 */
export async function compareWithBare(
  realUrl: string,
  o: { rounds: number; seconds: number; headers?: Record<string, string> },
) {
  const { pathname, search } = new URL(realUrl);
  const { body, encoding } = await rawGet(realUrl, o.headers ?? {});
  const bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mg-bench-')), 'body.json');
  fs.writeFileSync(bodyFile, body);
  const bare = await serve('servers/bare-bytes-server.ts', [pathname, bodyFile, ...(encoding ? [encoding] : [])]);
  const bareUrl = `http://127.0.0.1:${bare.port}${pathname}${search}`;
  const opts = o.headers ? { headers: o.headers } : {};
  await load(realUrl, { seconds: 2, ...opts }); // warm-up: JIT and caches
  await load(bareUrl, { seconds: 2, ...opts });
  const realRuns: LoadResult[] = [];
  const bareRuns: LoadResult[] = [];
  for (let i = 0; i < o.rounds; i++) {
    realRuns.push(await load(realUrl, { seconds: o.seconds, ...opts }));
    bareRuns.push(await load(bareUrl, { seconds: o.seconds, ...opts }));
  }
  await bare.stop();
  const real = summarise(realRuns);
  const bareResult = summarise(bareRuns);
  const roundRatios = realRuns.map((r, i) => Number((r.reqPerSec / (bareRuns[i]?.reqPerSec || 1)).toFixed(3)));
  return {
    responseBytes: body.length,
    contentEncoding: encoding || null,
    real,
    bare: bareResult,
    ratio: Number((real.reqPerSec / bareResult.reqPerSec).toFixed(3)),
    roundRatios: { median: median(roundRatios), min: Math.min(...roundRatios), max: Math.max(...roundRatios) },
  };
}
