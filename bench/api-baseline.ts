import { load, serve, writeResult } from './lib';

/**
 * Issue 2's budget: GET /app/language/list/1799 through the whole real stack at >= 60% of the req/s of a
 * bare Fastify route returning the same bytes. Both measured in one run, one after the other.
 */
const PATH = '/api/app/language/list/1799';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const real = await serve('servers/real-server.ts');
const bytes = await (await fetch(`http://127.0.0.1:${real.port}${PATH}`)).text();
await load(`http://127.0.0.1:${real.port}${PATH}`, { seconds: 2 }); // warm-up
const realResult = await load(`http://127.0.0.1:${real.port}${PATH}`, { seconds: SECONDS });
await real.stop();

const bare = await serve('servers/bare-server.ts', [bytes]);
await load(`http://127.0.0.1:${bare.port}${PATH}`, { seconds: 2 });
const bareResult = await load(`http://127.0.0.1:${bare.port}${PATH}`, { seconds: SECONDS });
await bare.stop();

const ratio = Number((realResult.reqPerSec / bareResult.reqPerSec).toFixed(3));
const file = writeResult('api-baseline', {
  endpoint: `GET ${PATH}`,
  connections: 50,
  seconds: SECONDS,
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
