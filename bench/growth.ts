import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { createTranslator } from '../apps/server/src/i18n/translator';
import { seedContent } from '../apps/server/src/modules/content/content-seed-repository';
import { examRepository } from '../apps/server/src/modules/exam/exam-repository';
import { paymentRepository } from '../apps/server/src/modules/payments/payment-repository';
import { writeResult } from './lib';

/**
 * Issue 14, "Cost must not grow with the data": an SQLite file database grown from 1k to 1M scored
 * sessions (bulk inserts), measuring at both sizes what the server does on each report and landing visit
 * (the country ranking, the landing statistics) and on each reconciler pass (the open payments), through
 * the server's own repositories. Target: the 1M figure within 2x of the 1k one.
 *
 * The running aggregates the scoring transaction keeps are built here with the migration's own backfill SQL
 * (the same counts, without scoring a million sessions one by one). For contrast, the statistics query the
 * server ran before (a pass over the scored sessions) is timed too.
 */
const SMALL = Number(process.env.GROWTH_SMALL ?? 1_000);
const LARGE = Number(process.env.GROWTH_LARGE ?? 1_000_000);
const EXAM = 1799;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 24, 12);
const COUNTRIES = Array.from({ length: 40 }, (_, i) =>
  String.fromCharCode(65 + (i % 26), 65 + Math.floor(i / 26) + (i % 7)),
);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-growth-'));
const file = path.join(dir, 'growth.db');
const db = openDatabase(`sqlite:${file}`);
await migrateToLatest(db);
await seedContent(db.kysely, createTranslator(), NOW);

// A deterministic generator: the same database every run.
let state = 12345;
const rand = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const normal = () => Math.sqrt(-2 * Math.log(rand() || 1e-9)) * Math.cos(2 * Math.PI * rand());
// A key of realistic width (the real ones are about 8 KB; these keep the file at a size a shared machine takes).
const KEY = JSON.stringify({
  items: Array.from({ length: 10 }, (_, i) => ({ id: `item-${i}-xxxxxxxx`, answer: i % 6 })),
});

/** Adds scored sessions up to `total` (with a paid payment for one in ten), in one transaction per 50k. */
function grow(from: number, total: number): void {
  const raw = new SqliteDatabase(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  raw.pragma('foreign_keys = OFF');
  const session = raw.prepare(`insert into exam_sessions (id, exam_id, seed, form_version, scoring_key, locale, status,
    started_at, deadline_at, confirmed_at, scored_at, result, validity, country, iq_score, scoring_version, route)
    values (?, ${EXAM}, 's', 2, ?, 'en', 'scored', ?, ?, ?, ?, '{}', '{}', ?, ?, 2, '00')`);
  const payment = raw.prepare(`insert into payments (id, order_number, checkout_key, provider, method, sku_id, country,
    currency, amount_minor, promo_code, plan_id, processor_subscription_ref, package_id, email, locale, consent, status,
    provider_ref, failure_code, refund_status, created_at, updated_at, settled_at)
    values (?, ?, 'k', 'sandbox', 'card', 'sku2', 'US', 'USD', 1999, null, null, null, null, 'a@example.com', 'en', '{}',
    'succeeded', ?, null, null, ?, ?, ?)`);
  const batch = raw.transaction((start: number, end: number) => {
    for (let i = start; i < end; i++) {
      const at = NOW - Math.floor(rand() * 365 * DAY);
      const country = rand() < 0.1 ? null : (COUNTRIES[Math.floor(rand() ** 2 * COUNTRIES.length)] ?? 'US');
      const iq = rand() < 0.03 ? null : Math.round((100 + 15 * normal()) * 10) / 10;
      session.run(`s${i}`.padEnd(22, 'x'), KEY, at - 1_200_000, at, at - 60_000, at, country, iq);
      if (i % 10 === 0) payment.run(`p${i}`, `MG${i}`, `ref${i}`, at, at, at);
    }
  });
  for (let i = from; i < total; i += 50_000) batch(i, Math.min(total, i + 50_000));
  raw.close();
}

/** The running aggregates, as the scoring transaction leaves them (migration 0012's backfill SQL). */
async function aggregate(): Promise<void> {
  const k = db.kysely;
  for (const t of ['score_country_totals', 'score_country_levels', 'score_hours'] as const)
    await k.deleteFrom(t).execute();
  const shown = sql`cast(floor(iq_score + 0.5) as integer)`;
  const tenths = sql`cast(floor(iq_score * 10 + 0.5) as integer)`;
  await sql`insert into score_country_totals (exam_id, country, scored, numbered, iq_tenths_sum)
    select exam_id, coalesce(country, ''), count(*), count(iq_score), coalesce(sum(${tenths}), 0)
    from exam_sessions where status = 'scored' group by exam_id, coalesce(country, '')`.execute(k);
  await sql`insert into score_country_levels (exam_id, country, iq, n)
    select exam_id, country, coalesce(${shown}, 0), count(*) from exam_sessions
    where status = 'scored' and country is not null group by exam_id, country, coalesce(${shown}, 0)`.execute(k);
  await sql`insert into score_hours (exam_id, hour, n)
    select exam_id, cast(floor(scored_at / 3600000) as integer), count(*) from exam_sessions
    where status = 'scored' group by exam_id, cast(floor(scored_at / 3600000) as integer)`.execute(k);
}

/** A few payments still open and refunds pending, the same at every size (what a pass must look at). */
function openPayments(): void {
  const raw = new SqliteDatabase(file);
  raw.pragma('foreign_keys = OFF');
  const insert = raw.prepare(`insert into payments (id, order_number, checkout_key, provider, method, sku_id, country,
    currency, amount_minor, email, locale, consent, status, provider_ref, refund_status, created_at, updated_at)
    values (?, ?, 'k', 'sandbox', 'card', 'sku2', 'US', 'USD', 1999, 'a@example.com', 'en', '{}', ?, ?, ?, ?, ?)`);
  for (let i = 0; i < 30; i++) {
    const at = NOW - i * 60_000;
    const refund = i % 6 === 0;
    insert.run(
      `open${i}`,
      `MGopen${i}`,
      refund ? 'succeeded' : 'processing',
      `openref${i}`,
      refund ? 'pending' : null,
      at,
      at,
    );
  }
  raw.close();
}

/** Median time of `fn` in milliseconds, over `n` runs after a warm-up. */
async function time(fn: () => Promise<unknown>, n: number): Promise<number> {
  for (let i = 0; i < Math.min(20, n); i++) await fn();
  const runs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    runs.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  runs.sort((a, b) => a - b);
  return Number((runs[Math.floor(runs.length / 2)] ?? 0).toFixed(4));
}

const exam = examRepository(db.kysely);
const payments = paymentRepository(db.kysely);

/** The statistics as the server read them before migration 0012: a pass over the scored sessions. */
const legacyStats = () =>
  db.kysely
    .selectFrom('exam_sessions')
    .select(({ fn }) => ['country', fn.countAll<number>().as('n'), fn.avg<number>('iq_score').as('mean')])
    .where('exam_id', '=', EXAM)
    .where('status', '=', 'scored')
    .where('country', 'is not', null)
    .groupBy('country')
    .execute();

async function measure(size: number) {
  const [country] = COUNTRIES;
  const ranking = await time(() => exam.countryRank(EXAM, country ?? 'US', 104), 500);
  const statistics = await time(() => exam.stats(EXAM, NOW - 7 * DAY), 500);
  const reconcilerPass = await time(() => payments.unsettled(NOW - 3 * DAY, NOW, 100), 500);
  const legacyStatistics = await time(legacyStats, size > 100_000 ? 5 : 100);
  const open = (await payments.unsettled(NOW - 3 * DAY, NOW, 100)).length;
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db.kysely);
  const bytes = fs.statSync(file).size;
  console.info(
    `${size} sessions: ranking ${ranking} ms, statistics ${statistics} ms, reconciler ${reconcilerPass} ms (${open} open), before: statistics ${legacyStatistics} ms`,
  );
  return {
    sessions: size,
    fileMB: Math.round(bytes / 1e6),
    rankingMs: ranking,
    statisticsMs: statistics,
    reconcilerPassMs: reconcilerPass,
    legacyStatisticsMs: legacyStatistics,
  };
}

const t0 = Date.now();
grow(0, SMALL);
await aggregate();
openPayments();
const small = await measure(SMALL);
grow(SMALL, LARGE);
await aggregate();
const large = await measure(LARGE);
await db.close();
fs.rmSync(dir, { recursive: true, force: true });

const ratio = (k: 'rankingMs' | 'statisticsMs' | 'reconcilerPassMs' | 'legacyStatisticsMs') =>
  Number((large[k] / small[k]).toFixed(2));
const ratios = {
  countryRanking: ratio('rankingMs'),
  landingStatistics: ratio('statisticsMs'),
  reconcilerPass: ratio('reconcilerPassMs'),
};
const out = writeResult('growth', {
  what: 'SQLite file; median ms per call through the server repositories, at 1k and 1M scored sessions',
  small,
  large,
  ratios,
  beforeMigration0012: { landingStatisticsRatio: ratio('legacyStatisticsMs') },
  target: 2,
  pass: Object.values(ratios).every((r) => r <= 2),
  seconds: Math.round((Date.now() - t0) / 1000),
});
console.info(`ratios ${JSON.stringify(ratios)} -> ${out}`);
