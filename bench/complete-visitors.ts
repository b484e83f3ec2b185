import fs from 'node:fs';
import os from 'node:os';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startPostgres } from '../apps/server/test/postgres-harness';
import { type Served, serve, writeResult } from './lib';
import { type DbRead, httpTransportWith, taker } from './support/taker';

/**
 * Issue 14, "No request may stall the server": complete visitors a second. A visitor starts the IQ test,
 * answers its 30 puzzles part by part (routed), confirms, gets an order, opens its price and pays it with the
 * sandbox card (its e-mail address given at checkout; the report e-mail is queued and the mail worker
 * delivers it). Each visitor has its own cookies and its own e-mail address. `CLIENTS` visitors run at once,
 * one after the other, for `SECONDS`; the figure is visitors finished per second.
 *
 * - SQLite, one instance (target >= 60 visitors/s);
 * - PostgreSQL (a throwaway cluster from the system's binaries, as the server tests start), one instance,
 *   then two instances on the same database with the client sending each request to the next instance in
 *   turn (round robin, no stickiness): the ratio of two to one (target: close to 2).
 *
 * The load generator (this process) and PostgreSQL share the machine's cores with the servers, so the
 * servers' own CPU time per visitor is reported too (from /proc): it is what an instance costs, whatever
 * the machine. The client reads each session's scoring key from the database to answer as someone who
 * knows (one indexed read per part), as the other benches' visitors do.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 24);
const TARGET_SQLITE = 60;
const TICK_MS = 1000 / 100; // CLK_TCK is 100 on Linux

/** A process's CPU time (user + system, all its threads) in ms. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

interface Drive {
  visitors: number;
  failures: number;
  firstError?: string;
  seconds: number;
}

/** `CLIENTS` visitors at a time for `seconds`, each request to the next of `bases`. */
async function drive(bases: string[], read: DbRead, seconds: number): Promise<Drive> {
  let turn = 0;
  const transport = httpTransportWith(() => bases[turn++ % bases.length] as string, read);
  const until = performance.now() + seconds * 1000;
  const result: Drive = { visitors: 0, failures: 0, seconds: 0 };
  let n = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const visitor = taker(transport);
        const me = n++;
        try {
          const order = await visitor.takeTest('en');
          const token = await visitor.pay(order, 'sku2', 'en', `visitor-${me}@bench.example`);
          if (!token) throw new Error(`no report e-mail for ${order}`);
          result.visitors++;
        } catch (err) {
          result.failures++;
          result.firstError ??= err instanceof Error ? err.message : String(err);
        }
      }
    }),
  );
  result.seconds = (performance.now() - t0) / 1000;
  return result;
}

/** Measures `servers` (already warm) under `CLIENTS` visitors: visitors/s and the servers' CPU per visitor. */
async function measure(servers: Served[], read: DbRead) {
  const bases = servers.map((s) => `http://127.0.0.1:${s.port}`);
  await drive(bases, read, 3); // warm-up: JIT, the form pools, the caches
  const cpu0 = servers.map((s) => cpuMs(s.pid));
  const self0 = process.cpuUsage();
  const d = await drive(bases, read, SECONDS);
  const serverCpuMs = servers.reduce((sum, s, i) => sum + cpuMs(s.pid) - (cpu0[i] ?? 0), 0);
  const self = process.cpuUsage(self0);
  const perSec = d.visitors / d.seconds;
  return {
    instances: servers.length,
    visitors: d.visitors,
    failures: d.failures,
    ...(d.firstError ? { firstError: d.firstError } : {}),
    seconds: Number(d.seconds.toFixed(1)),
    visitorsPerSec: Number(perSec.toFixed(1)),
    /** Server CPU (all instances, all threads) per complete visitor. */
    serverCpuMsPerVisitor: Number((serverCpuMs / Math.max(1, d.visitors)).toFixed(1)),
    /** The share of the machine's cores the servers used. */
    serverCpuShare: Number((serverCpuMs / (d.seconds * 1000 * os.cpus().length)).toFixed(2)),
    /** The load generator's CPU (this process) per visitor. */
    clientCpuMsPerVisitor: Number(((self.user + self.system) / 1000 / Math.max(1, d.visitors)).toFixed(1)),
  };
}

const uptime = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

// --- SQLite, one instance ---
const sqliteServer = await serve('servers/real-server.ts');
const sqliteDb = new Database(sqliteServer.dbPath ?? '', { readonly: true, fileMustExist: true });
const sqliteRead: DbRead = async (sql, arg) =>
  Object.values((sqliteDb.prepare(sql).get(arg) as Record<string, string> | undefined) ?? {})[0] ?? '';
const sqlite = await measure([sqliteServer], sqliteRead);
sqliteDb.close();
await sqliteServer.stop();
console.info(`SQLite, 1 instance: ${JSON.stringify(sqlite)}`);

// --- PostgreSQL, one then two instances on one database ---
// BENCH_SQLITE_ONLY=1: the SQLite phase alone (a profile of one instance).
const postgres = process.env.BENCH_SQLITE_ONLY ? undefined : await startPostgres();
let pgResults: { one: Awaited<ReturnType<typeof measure>>; two: Awaited<ReturnType<typeof measure>> } | undefined;
if (postgres) {
  const pool = new pg.Pool({ connectionString: postgres.url, max: 4 });
  const pgRead: DbRead = async (sql, arg) => {
    const res = await pool.query(sql.replace('?', '$1'), [arg]);
    const value = Object.values(res.rows[0] ?? {})[0];
    return typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  };
  const first = await serve('servers/real-server.ts', [`DATABASE_URL=${postgres.url}`]);
  const one = await measure([first], pgRead);
  console.info(`PostgreSQL, 1 instance: ${JSON.stringify(one)}`);
  // The second instance starts after the first has migrated the database.
  const second = await serve('servers/real-server.ts', [`DATABASE_URL=${postgres.url}`]);
  const two = await measure([first, second], pgRead);
  console.info(`PostgreSQL, 2 instances: ${JSON.stringify(two)}`);
  await Promise.all([first.stop(), second.stop()]);
  await pool.end();
  postgres.stop();
  pgResults = { one, two };
}

// A partial run (a profile of the SQLite phase) prints its figures and keeps the stored results.
if (process.env.BENCH_SQLITE_ONLY) process.exit(0);

const scaling = pgResults ? Number((pgResults.two.visitorsPerSec / pgResults.one.visitorsPerSec).toFixed(2)) : null;
// What an instance costs per visitor, two against one: 1 when a second instance adds no work of its own (no
// form drawn twice, no contention). On a machine whose cores the client and PostgreSQL already share, this,
// not the throughput ratio, says whether N instances on N machines would serve N times as many.
const costPerVisitor2vs1 = pgResults
  ? Number((pgResults.two.serverCpuMsPerVisitor / pgResults.one.serverCpuMsPerVisitor).toFixed(2))
  : null;
const file = writeResult('complete-visitors', {
  what: `complete visitors (start, 30 answers in 3 routed parts, confirm, order, price, pay with the sandbox card and an e-mail address, report e-mail queued), ${CLIENTS} at a time, ${SECONDS} s per phase after a 3 s warm-up`,
  loadAverageAtStart: uptime,
  sqlite,
  postgres: pgResults ?? 'skipped: no PostgreSQL binaries',
  postgresScaling2vs1: scaling,
  postgresCostPerVisitor2vs1: costPerVisitor2vs1,
  target: `SQLite >= ${TARGET_SQLITE} visitors/s on one instance; PostgreSQL two instances close to 2x one`,
  pass: sqlite.visitorsPerSec >= TARGET_SQLITE && sqlite.failures === 0,
});
console.info(`-> ${file}`);
