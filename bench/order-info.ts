import { compareWithBare, serve, writeResult } from './lib';
import { httpTaker } from './support/taker';

/**
 * Issue 7's budget: GET /exam/order/info/{orderNumber} (a paid order's report, read with its e-mailed link's
 * token) through the whole real stack at >= 50% of the req/s of a bare Fastify route returning the same bytes.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TARGET = 0.5;

const real = await serve('servers/real-server.ts');
const taker = httpTaker(`http://127.0.0.1:${real.port}`, real.dbPath ?? '');
const order = await taker.takeTest();
const token = await taker.pay(order, 'sku2');
const path = `/api/exam/order/info/${order}?token=${encodeURIComponent(token)}`;
const cmp = await compareWithBare(`http://127.0.0.1:${real.port}${path}`, { rounds: ROUNDS, seconds: SECONDS });
await real.stop();

const file = writeResult('order-info', {
  endpoint: 'GET /api/exam/order/info/{orderNumber}?token=…',
  connections: 50,
  rounds: ROUNDS,
  secondsPerRound: SECONDS,
  ...cmp,
  target: TARGET,
  pass: cmp.ratio >= TARGET && cmp.real.errors === 0 && cmp.real.non2xx === 0,
});
console.info(
  `order info: real ${cmp.real.reqPerSec} req/s (p99 ${cmp.real.p99Ms} ms), bare ${cmp.bare.reqPerSec} req/s, ratio ${cmp.ratio} -> ${file}`,
);
