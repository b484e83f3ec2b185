import { load, serve, writeResult } from './lib';
import { httpTaker } from './support/taker';

/**
 * Issue 14, "No request may stall the server": while 10 clients download report PDFs, /healthz (a cheap
 * request) must keep its p99 under 50 ms. Before PDFs were rendered on worker threads and kept, 10
 * concurrent downloads took a cached endpoint from 28,546 req/s to 13 req/s (p99 931 ms).
 *
 * Each phase runs autocannon on /healthz while the downloads run, in rounds of 10 concurrent downloads:
 * - cold: each round downloads 10 fresh orders' PDFs (every download renders: the worst case);
 * - kept: the same orders again (each download sends the kept file).
 * A baseline without downloads is measured first. The orders are Complete reports (every page, the
 * certificate) bought through the API of the real server (its own process, SQLite file, one render worker).
 */
const ORDERS = Number(process.env.BENCH_PDF_ORDERS ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS = 10;
const TARGET_P99_MS = 50;

const server = await serve('servers/real-server.ts');
const base = `http://127.0.0.1:${server.port}`;

console.info(`buying ${ORDERS} Complete reports…`);
const orders: { order: string; token: string }[] = [];
// Five buyers at a time, each with its own cookies (the session cookie proves they own what they pay).
await Promise.all(
  Array.from({ length: 5 }, async () => {
    const visitor = httpTaker(base, server.dbPath ?? '');
    while (orders.length < ORDERS) {
      const slot = orders.push({ order: '', token: '' }) - 1;
      const order = await visitor.takeTest('en');
      orders[slot] = { order, token: await visitor.pay(order, 'sku4', 'en') };
    }
  }),
);

interface Downloads {
  files: number;
  bytes: number;
  failures: number;
  slowestMs: number;
}

async function download(o: { order: string; token: string }, d: Downloads): Promise<void> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/exam/order/file/down/info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orderNumber: o.order, token: o.token, kind: 'report' }),
  });
  const body = Buffer.from(await res.arrayBuffer());
  d.slowestMs = Math.max(d.slowestMs, performance.now() - t0);
  if (res.status === 200 && body.subarray(0, 5).toString() === '%PDF-') {
    d.files++;
    d.bytes += body.length;
  } else d.failures++;
}

/** Rounds of 10 concurrent downloads until the load on /healthz ends (or the orders run out). */
async function phase(pick: (round: number, client: number) => { order: string; token: string } | undefined) {
  const d: Downloads = { files: 0, bytes: 0, failures: 0, slowestMs: 0 };
  let running = true;
  const downloads = (async () => {
    for (let round = 0; running; round++) {
      const batch = Array.from({ length: CLIENTS }, (_, c) => pick(round, c)).filter((o) => o !== undefined);
      if (batch.length === 0) break;
      await Promise.all(batch.map((o) => download(o, d)));
    }
  })();
  const health = await load(`${base}/healthz`, { connections: 10, seconds: SECONDS });
  running = false;
  await downloads;
  return { healthz: health, downloads: { ...d, slowestMs: Math.round(d.slowestMs) } };
}

await load(`${base}/healthz`, { connections: 10, seconds: 2 }); // warm-up
const baseline = await load(`${base}/healthz`, { connections: 10, seconds: SECONDS });
const cold = await phase((round, c) => orders[round * CLIENTS + c]);
const coldRounds = Math.ceil(cold.downloads.files / CLIENTS);
// The kept files of the orders the cold phase rendered, again and again (within each order's budget).
const rendered = orders.slice(0, Math.max(CLIENTS, coldRounds * CLIENTS));
const budget = rendered.length * 18;
const kept = await phase((round, c) =>
  round * CLIENTS + c < budget ? rendered[(round * CLIENTS + c) % rendered.length] : undefined,
);
await server.stop();

const worst = Math.max(cold.healthz.p99Ms, kept.healthz.p99Ms);
const file = writeResult('pdf-stall', {
  target: `/healthz p99 < ${TARGET_P99_MS} ms while ${CLIENTS} clients download report PDFs`,
  before: 'issue 14 (renders on the event loop, never kept): 13 req/s, p99 931 ms',
  renderWorkers: 1,
  baseline,
  cold,
  kept,
  worstP99Ms: worst,
  ratioToTarget: Number((worst / TARGET_P99_MS).toFixed(3)),
  pass: worst < TARGET_P99_MS && cold.downloads.failures === 0 && kept.downloads.failures === 0,
});
console.info(JSON.stringify({ baseline: baseline.p99Ms, cold: cold.healthz.p99Ms, kept: kept.healthz.p99Ms }));
console.info(`wrote ${file}`);
