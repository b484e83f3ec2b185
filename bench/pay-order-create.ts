import autocannon from 'autocannon';
import { serve, writeResult } from './lib';
import { httpTaker } from './support/taker';

/**
 * Issue 5's budget: POST /pay/order/create p99 <= 50 ms on SQLite under 50 concurrent clients. Every request
 * is a new checkout attempt (a new key) for one of 50 real orders made through the API, so each one writes
 * the payment, asks the sandbox processor for its charge (its own write), and records the processor's id.
 */
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ORDERS = 50;
const BUDGET_P99_MS = 50;

const server = await serve('servers/real-server.ts');
const base = `http://127.0.0.1:${server.port}`;

/**
 * A person's order, with the sku2 price its payment page shows (showing it opens the offer), and the cookie of
 * the browser that took the test: only that browser (or the order's e-mailed link) may pay for the order.
 */
async function makeOrder(): Promise<{ orderNumber: string; cookie: string; amount: number; currency: string }> {
  const visitor = httpTaker(base, server.dbPath ?? '');
  const orderNumber = await visitor.takeTest();
  await visitor.json('GET', `/api/exam/order/sku/check/${orderNumber}`);
  const sku = await visitor.json('GET', `/api/exam/sku/info/1799/sku2/US/en?order=${orderNumber}`);
  const price = (sku.data.sku as { price: { amount: number; currency: string } }).price;
  return { orderNumber, cookie: visitor.cookieHeader(), ...price };
}

const orders: Awaited<ReturnType<typeof makeOrder>>[] = [];
for (let i = 0; i < ORDERS; i++) orders.push(await makeOrder());

let n = 0;
const nextRequest = () => {
  const o = orders[n % orders.length] as (typeof orders)[number];
  n++;
  const body = JSON.stringify({
    orderNumber: o.orderNumber,
    skuId: 'sku2',
    country: 'US',
    method: n % 2 === 0 ? 'card' : 'paypal',
    email: 'bench@example.com',
    promoCode: null,
    checkoutKey: `bench_${n.toString(36).padStart(16, '0')}`,
    shownAmount: o.amount,
    shownCurrency: o.currency,
    consent: { terms: true, termsVersion: '2026-01' },
    hl: 'en',
  });
  return { body, cookie: o.cookie };
};

const run = (seconds: number) =>
  autocannon({
    url: `${base}/api-pay/pay/order/create`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => {
          const { body, cookie } = nextRequest();
          return { ...req, body, headers: { ...req.headers, cookie } };
        },
      },
    ],
  });

await run(2); // warm-up
const result = await run(SECONDS);
await server.stop();

const out = {
  budget: { p99Ms: BUDGET_P99_MS, connections: CONNECTIONS },
  reqPerSec: Math.round(result.requests.average),
  latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
  requests: result.requests.total,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
  pass: result.latency.p99 <= BUDGET_P99_MS && result.non2xx === 0 && result.errors === 0,
};
console.info(JSON.stringify(out, null, 2));
console.info(`wrote ${writeResult('pay-order-create', out)}`);
if (!out.pass) process.exitCode = 1;
