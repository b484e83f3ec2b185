import fs from 'node:fs';
import path from 'node:path';
import { buildWeb, compareWithBare, ROOT, serve, writeResult } from './lib';

/**
 * Cached reads through the whole real stack against a bare Fastify route sending the same bytes (issue 2's
 * budget, made honest by issue 14): rounds alternate real and bare, medians are reported with their spread,
 * and the real server runs with production settings (the default log level included). Target: >= 0.6 of the
 * bare server on each cached read.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const TARGET = 0.6;

// With the web app: its scripts are cached reads too (every fresh visitor's first page asks for about 35).
buildWeb();
const real = await serve('servers/real-server.ts', ['--web']);
const entryScript = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(
  fs.readFileSync(path.join(ROOT, 'apps/web/dist/index.html'), 'utf8'),
)?.[1];
if (!entryScript) throw new Error('no entry script in the built index.html');
const base = `http://127.0.0.1:${real.port}`;

// A test in progress, resumed: the session's cookie, the form compressed as a browser asks for it. The test
// is started as the web app starts it (a POST: a GET without a cookie is a 404 and creates nothing).
const started = await fetch(`${base}/api/exam/session/start/1799/en`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{}',
});
const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
if (started.status !== 200 || !cookie.startsWith('IQ-exam=')) throw new Error(`no test session: ${started.status}`);

const reads: { name: string; path: string; headers: Record<string, string> }[] = [
  { name: 'language list', path: '/api/app/language/list/1799', headers: {} },
  { name: 'landing statistics', path: '/api/exam/stats/1799', headers: {} },
  {
    name: 'question list (resume, brotli)',
    path: '/api/exam/question/list/1799/en',
    headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
  },
  {
    // The first request of every visitor a campaign sends: a prerendered page, kept compressed (compressed-pages.ts).
    name: 'the test-centre landing page (prerendered, brotli)',
    path: '/landing_page/test_center/IQB-1799?hl=en',
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  },
  {
    name: "the web app's entry script (brotli)",
    path: entryScript,
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  },
];
const endpoints = [];
for (const r of reads) {
  const cmp = await compareWithBare(`${base}${r.path}`, { rounds: ROUNDS, seconds: SECONDS, headers: r.headers });
  endpoints.push({
    name: r.name,
    endpoint: `GET ${r.path}`,
    ...cmp,
    pass: cmp.ratio >= TARGET && cmp.real.errors === 0 && cmp.real.non2xx === 0,
  });
  console.info(
    `${r.name}: real ${cmp.real.reqPerSec} req/s [${cmp.real.min}-${cmp.real.max}], bare ${cmp.bare.reqPerSec} [${cmp.bare.min}-${cmp.bare.max}], ratio ${cmp.ratio} (rounds ${cmp.roundRatios.min}-${cmp.roundRatios.max})`,
  );
}
await real.stop();

const file = writeResult('api-baseline', {
  connections: 50,
  rounds: ROUNDS,
  secondsPerRound: SECONDS,
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
  endpoints,
  target: TARGET,
  pass: endpoints.every((e) => e.pass),
});
console.info(`-> ${file}`);
