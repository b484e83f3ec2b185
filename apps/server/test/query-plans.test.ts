import { CompiledQuery, type Kysely, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import type { Database } from '../src/db/schema';
import { examRepository } from '../src/modules/exam/exam-repository';
import { mailboxRepository } from '../src/modules/mail/mailbox-repository';
import { outboxRepository } from '../src/modules/mail/outbox-repository';
import { paymentRepository } from '../src/modules/payments/payment-repository';
import { sandboxRepository } from '../src/modules/payments/sandbox/sandbox-repository';
import { rateLimitRepository } from '../src/modules/rate-limit/rate-limit-repository';
import { retentionRepository } from '../src/modules/retention/retention-repository';
import { subscriptionRepository } from '../src/modules/subscriptions/subscription-repository';
import { trackingRepository } from '../src/modules/tracking/tracking-repository';
import { dialects, freshDatabase, type TestDb } from './test-app';

/**
 * Issue 14, "Cost must not grow with the data": the hot queries (every request's reads, the statistics, the
 * background jobs' passes) are planned by each database and must not read a growing table whole. SQLite:
 * EXPLAIN QUERY PLAN (`SCAN t` is a full pass; a scan of a partial index is bounded by its condition).
 * PostgreSQL: EXPLAIN with sequential scans disabled, so an index is taken whenever one could serve; a
 * `Seq Scan`, or an index scan without an index condition on a full index, is a full pass.
 */

/** Tables that grow with visitors, sessions, payments or days. Catalogue tables (a few rows) may be scanned. */
const GROWING = new Set([
  'exam_sessions',
  'session_answers',
  'exam_orders',
  'payments',
  'payment_events',
  'page_views',
  'page_view_days',
  'logids',
  'mail_outbox',
  'local_mailbox',
  'rate_limit_hits',
  'sandbox_payments',
  'sandbox_events',
  'subscriptions',
  'subscription_charges',
  'score_country_totals',
  'score_country_levels',
  'score_hours',
  'order_entitlements',
  'email_proofs',
  'accounts',
  'account_sessions',
  'share_links',
  'lab_results',
]);

interface Captured {
  name: string;
  query: CompiledQuery;
}

/** A handle that records every statement run through it, compiled as the database receives it. */
function capturing(kysely: Kysely<Database>, into: Captured[], name: () => string): Kysely<Database> {
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      into.push({ name: name(), query: kysely.getExecutor().compileQuery(node, queryId) });
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
  return kysely.withPlugin(plugin);
}

async function partialIndexes(db: Db): Promise<Set<string>> {
  const rows =
    db.dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and sql like '% where %'`.execute(db.kysely)
      : await sql<{ name: string }>`select indexname as name from pg_indexes where indexdef ilike '% where %'`.execute(
          db.kysely,
        );
  return new Set(rows.rows.map((r) => r.name));
}

/** The full passes over growing tables in a statement's plan, as `table` or `table via index`. */
async function fullScans(db: Db, q: CompiledQuery, partial: Set<string>): Promise<string[]> {
  const found: string[] = [];
  if (db.dialect === 'sqlite') {
    const plan = await db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${q.sql}`, [...q.parameters]),
    );
    for (const { detail } of plan.rows) {
      const m = /^SCAN (\S+)(?: USING (?:COVERING )?INDEX (\S+))?/.exec(detail);
      if (!m?.[1] || !GROWING.has(m[1])) continue;
      if (m[2] && partial.has(m[2])) continue;
      found.push(m[2] ? `${m[1]} via ${m[2]}` : m[1]);
    }
    return found;
  }
  type PgNode = {
    'Node Type': string;
    'Relation Name'?: string;
    'Index Name'?: string;
    'Index Cond'?: string;
    Plans?: PgNode[];
  };
  const plan = await db.kysely.connection().execute(async (c) => {
    await sql`set enable_seqscan = off`.execute(c);
    try {
      return await c.executeQuery<{ 'QUERY PLAN': [{ Plan: PgNode }] }>(
        CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${q.sql}`, [...q.parameters]),
      );
    } finally {
      await sql`reset enable_seqscan`.execute(c);
    }
  });
  const walk = (n: PgNode, parentTable?: string) => {
    const table = n['Relation Name'] ?? parentTable;
    if (n['Node Type'] === 'Seq Scan' && table && GROWING.has(table)) found.push(table);
    if (/Index/.test(n['Node Type']) && !n['Index Cond'] && n['Index Name'] && !partial.has(n['Index Name'])) {
      if (table && GROWING.has(table)) found.push(`${table} via ${n['Index Name']}`);
      else if (!table) found.push(`? via ${n['Index Name']}`);
    }
    for (const c of n.Plans ?? []) walk(c, n['Node Type'] === 'Bitmap Heap Scan' ? table : undefined);
  };
  const first = plan.rows[0]?.['QUERY PLAN'][0];
  if (first) walk(first.Plan);
  return found;
}

describe.each(dialects())('query plans of the hot queries on %s', (dialect) => {
  let t: TestDb;
  let partial: Set<string>;
  const captured: Captured[] = [];
  let current = '';
  beforeAll(async () => {
    t = await freshDatabase(dialect, 'template');
    partial = await partialIndexes(t.db);
    const db = capturing(t.db.kysely, captured, () => current);
    const now = Date.UTC(2026, 10, 24);
    const run = async (name: string, work: () => Promise<unknown>) => {
      current = name;
      await work();
    };
    const exam = examRepository(db);
    const id = 'a'.repeat(22);
    await run('exam: find session', () => exam.findSession(id));
    await run('exam: list answers', () => exam.listAnswers(id));
    await run('exam: count answered', () => exam.countAnswered(id));
    await run('exam: confirm', () => exam.confirm(id, now));
    await run('exam: order of a session', () => exam.findOrderBySession(id));
    await run('exam: find order', () => exam.findOrder(`MG${id}`));
    await run('exam: paid orders of an address', () => exam.paidOrdersOf('a@example.com', 10));
    await run('exam: country ranking', () => exam.countryRank(1799, 'FR', 104));
    await run('exam: landing statistics', () => exam.stats(1799, now - 7 * 86_400_000));
    await run('exam: purge unfinished', () => exam.purgeUnfinished(now));
    const payments = paymentRepository(db);
    await run('payments: reconciler pass', () => payments.unsettled(now - 3 * 86_400_000, now, 100));
    await run('payments: old events', () => payments.deleteEventsBefore(now));
    await run('sandbox: due events', () => sandboxRepository(db).dueEventIds(now, 50));
    await run('sandbox: old events', () => sandboxRepository(db).deleteDeliveredEventsBefore(now));
    const outbox = outboxRepository(db);
    await run('mail: due ids', () => outbox.listDueIds(now, 50));
    await run('mail: claim a batch (the shared claimed-batch statements)', () => outbox.claimBatch(now, 60_000, 50));
    await run('mail: drop sent bodies', () => outbox.dropSentBodies(now));
    await run('mail: local mailbox purge', () => mailboxRepository(db).deleteBefore(now));
    await run('subscriptions: due ids', () => subscriptionRepository(db).dueIds(now, 50));
    await run('rate limit: count a hit', () => rateLimitRepository(db).countHit('k', now, 60_000));
    await run('rate limit: purge', () => rateLimitRepository(db).deleteExpiredHits(now));
    const tracking = trackingRepository(db);
    await run('tracking: last rolled day', () => tracking.lastRolledDay());
    await run('tracking: oldest view', () => tracking.oldestViewAt());
    await run('tracking: roll up a day', () => tracking.rollUpDay('2026-11-23', now - 86_400_000, now));
    await run('tracking: delete old views', () => tracking.deleteViewsBefore(now));
    await run('tracking: delete old log ids', () => tracking.deleteLogidsBefore(now));
    await run('tracking: daily counts', () => tracking.dailyCounts('2026-11-01', '2026-11-30'));
    // The console's funnel: each module's counts read only the range's rows, on their time index.
    const month = [now - 30 * 86_400_000, now] as const;
    await run('tracking: raw views per day', () => tracking.rawDayCounts(...month));
    await run('funnel: exam counts', () => exam.funnelCounts(...month));
    await run('funnel: payment counts', () => payments.funnelCounts(...month));
    await run('funnel: plan counts', () => subscriptionRepository(db).funnelCounts(...month));
    await run('console: subscriptions of an address', () => subscriptionRepository(db).forEmail('a@example.com', 50));
    await run('retention: claim the day', () => retentionRepository(db).claim('retention', 'h', now, now + 1, now));
  });
  afterAll(() => t.drop());

  it('captured the statements of every hot query', () => {
    expect(new Set(captured.map((c) => c.name)).size).toBe(33);
  });

  it('reads no growing table whole in any of them', async () => {
    const scans: string[] = [];
    for (const c of captured) {
      if (/^\s*insert\s+into\s+\S+\s*(\(|values)/i.test(c.query.sql) && !/select/i.test(c.query.sql)) continue;
      for (const s of await fullScans(t.db, c.query, partial)) scans.push(`${c.name}: full scan of ${s}`);
    }
    expect(scans).toEqual([]);
  });

  it('detects a full scan (self-test): a filter no index serves, and a count of a whole table', async () => {
    const kysely = t.db.kysely;
    const byLocale = kysely.selectFrom('exam_sessions').select('id').where('locale', '=', 'en').compile();
    expect(await fullScans(t.db, byLocale, partial)).toEqual([expect.stringMatching(/^exam_sessions/)]);
    const byRoute = kysely.selectFrom('payments').select('id').where('method', '=', 'card').compile();
    expect((await fullScans(t.db, byRoute, partial)).length).toBe(1);
    // And a query on an index is not flagged.
    const byId = kysely.selectFrom('exam_sessions').select('id').where('id', '=', 'x').compile();
    expect(await fullScans(t.db, byId, partial)).toEqual([]);
  });
});
