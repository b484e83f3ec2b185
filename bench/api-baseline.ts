import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type LoadResult, load, serve, writeResult } from './lib';

/**
 * Issue 2's budget: GET /app/language/list/1799 through the whole real stack at >= 60% of the req/s of a
 * bare Fastify route returning the same bytes. Both servers run side by side, each in its own process, and
 * are loaded in alternating rounds so that noise on the machine hits both alike; the medians are compared.
 */
const PATH = '/api/app/language/list/1799';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
function summarise(runs: LoadResult[]) {
  return {
    reqPerSec: median(runs.map((r) => r.reqPerSec)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    rounds: runs.map((r) => r.reqPerSec),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  };
}

const real = await serve('servers/real-server.ts');
const realUrl = `http://127.0.0.1:${real.port}${PATH}`;
const bytes = await (await fetch(realUrl)).text();
const bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mg-bench-')), 'body.json');
fs.writeFileSync(bodyFile, bytes);
const bare = await serve('servers/bare-bytes-server.ts', [PATH, bodyFile]);
const bareUrl = `http://127.0.0.1:${bare.port}${PATH}`;

await load(realUrl, { seconds: 2 }); // warm-up: JIT and caches
await load(bareUrl, { seconds: 2 });
const realRuns: LoadResult[] = [];
const bareRuns: LoadResult[] = [];
for (let i = 0; i < ROUNDS; i++) {
  realRuns.push(await load(realUrl, { seconds: SECONDS }));
  bareRuns.push(await load(bareUrl, { seconds: SECONDS }));
}
await real.stop();
await bare.stop();

const realResult = summarise(realRuns);
const bareResult = summarise(bareRuns);
const ratio = Number((realResult.reqPerSec / bareResult.reqPerSec).toFixed(3));
const file = writeResult('api-baseline', {
  endpoint: `GET ${PATH}`,
  connections: 50,
  rounds: ROUNDS,
  secondsPerRound: SECONDS,
  responseBytes: Buffer.byteLength(bytes),
  real: realResult,
  bare: bareResult,
  ratio,
  target: 0.6,
  pass: ratio >= 0.6 && realResult.errors === 0 && realResult.non2xx === 0,
});
console.info(
  `real ${realResult.reqPerSec} req/s (p99 ${realResult.p99Ms} ms), bare ${bareResult.reqPerSec} req/s (p99 ${bareResult.p99Ms} ms), ratio ${ratio} -> ${file}`,
);
