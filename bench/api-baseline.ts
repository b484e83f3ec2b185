import { compareWithBare, serve, writeResult } from './lib';

/**
 * Issue 2's budget: GET /app/language/list/1799 through the whole real stack at >= 60% of the req/s of a
 * bare Fastify route returning the same bytes (see compareWithBare).
 */
const PATH = '/api/app/language/list/1799';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const real = await serve('servers/real-server.ts');
const cmp = await compareWithBare(`http://127.0.0.1:${real.port}${PATH}`, { rounds: ROUNDS, seconds: SECONDS });
await real.stop();

const file = writeResult('api-baseline', {
  endpoint: `GET ${PATH}`,
  connections: 50,
  rounds: ROUNDS,
  secondsPerRound: SECONDS,
  ...cmp,
  target: 0.6,
  pass: cmp.ratio >= 0.6 && cmp.real.errors === 0 && cmp.real.non2xx === 0,
});
console.info(
  `real ${cmp.real.reqPerSec} req/s (p99 ${cmp.real.p99Ms} ms), bare ${cmp.bare.reqPerSec} req/s (p99 ${cmp.bare.p99Ms} ms), ratio ${cmp.ratio} -> ${file}`,
);
