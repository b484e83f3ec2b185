import { buildApp } from '../apps/server/src/app';
import { parseEnv } from '../apps/server/src/config/env';
import { enqueueMail } from '../apps/server/src/modules/mail/enqueue-mail';
import { serve, writeResult } from './lib';
import { sessionCookieOf, taker } from './support/taker';

/**
 * Issue 14, "E-mail keeps up with sales": report e-mails queued at 50 a second for 20 s must go out through
 * a local SMTP server that answers each command after 50 ms, with the lag (queued to sent) p99 under 5 s.
 * Before, the worker sent one message at a time on a new connection each: 4 mails/s at 50 ms per reply.
 *
 * The SMTP server runs in its own process; the real server (its SQLite file, its configured mail worker and
 * pooled SMTP transport, as `npm start` runs them) runs here, and the e-mails are the real report e-mail of
 * an order bought through its API, queued as the paid transition queues it.
 */
const RATE = Number(process.env.BENCH_MAIL_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const REPLY_MS = 50;
const TARGET_LAG_P99_MS = 5000;

const smtp = await serve('servers/slow-smtp-server.ts', [String(REPLY_MS)]);
const env = parseEnv({
  DATABASE_URL: 'sqlite::memory:',
  SERVE_WEB: 'false',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_MAX: '100000000',
  MAIL_TRANSPORT: 'smtp',
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
});
const { app, deps } = await buildApp({ env, logger: false });
const db = deps.db.kysely;
// The buyer's cookies (the session cookie proves they own the order they pay).
const jar: Record<string, string> = {};
const keep = (res: { cookies: { name: string; value: string }[] }) => {
  for (const c of res.cookies) jar[c.name] = c.value;
};
const visitor = taker({
  async json(method, url, body) {
    const res = await app.inject({
      method: method as 'GET' | 'POST',
      url,
      cookies: jar,
      ...(body ? { payload: body as object } : {}),
    });
    keep(res);
    // The test session's cookie, as the taker's jar expects it (its id travels only there).
    return {
      data: (res.json() as { data: Record<string, unknown> }).data,
      cookie: sessionCookieOf([res.headers['set-cookie'] ?? []].flat()),
    };
  },
  async form(url, payload) {
    keep(
      await app.inject({
        method: 'POST',
        url,
        cookies: jar,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      }),
    );
  },
  scoringKey: async (id) =>
    (await db.selectFrom('exam_sessions').select('scoring_key').where('id', '=', id).executeTakeFirstOrThrow())
      .scoring_key,
  reportMail: async (order) =>
    (
      await db
        .selectFrom('mail_outbox')
        .select('payload')
        .where('dedupe_key', '=', `report-ready:${order}`)
        .executeTakeFirstOrThrow()
    ).payload,
});

const order = await visitor.takeTest('en');
await visitor.pay(order, 'sku2', 'en');
const model = await db
  .selectFrom('mail_outbox')
  .selectAll()
  .where('dedupe_key', '=', `report-ready:${order}`)
  .executeTakeFirstOrThrow();
// The bought order's own e-mail is not part of the measure.
await db.deleteFrom('mail_outbox').execute();

deps.mailWorker.start();
const started = Date.now();
let queued = 0;
// 50 a second, queued in ticks of 100 ms (as a checkout queues each in its paid transaction), each kicking
// the worker as the paid transition does.
while (Date.now() - started < SECONDS * 1000) {
  const due = Math.floor(((Date.now() - started) / 1000) * RATE);
  for (; queued < due; queued++) {
    await enqueueMail(
      db,
      {
        template: 'reportReady',
        locale: 'en',
        to: `buyer${queued}@example.com`,
        payload: JSON.parse(model.payload),
        dedupeKey: `bench-report:${queued}`,
      },
      Date.now(),
      'bench.test',
    );
  }
  deps.mailWorker.kick();
  await new Promise((r) => setTimeout(r, 100));
}
/** Waits (bounded) until every queued e-mail is sent. */
async function drained(): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const left = await db.selectFrom('mail_outbox').select('id').where('status', '!=', 'sent').limit(1).execute();
    if (left.length === 0 || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
await drained();
const rows = await db.selectFrom('mail_outbox').select(['status', 'created_at', 'sent_at']).execute();

// Capacity: 500 e-mails queued at once (a sale's burst), and how fast the worker empties the queue.
await db.deleteFrom('mail_outbox').execute();
const BURST = 500;
for (let i = 0; i < BURST; i++) {
  await enqueueMail(
    db,
    {
      template: 'reportReady',
      locale: 'en',
      to: `burst${i}@example.com`,
      payload: JSON.parse(model.payload),
      dedupeKey: `bench-burst:${i}`,
    },
    Date.now(),
    'bench.test',
  );
}
const burstStart = Date.now();
deps.mailWorker.kick();
await drained();
const burstSent = (await db.selectFrom('mail_outbox').select('id').where('status', '=', 'sent').execute()).length;
const burstPerSecond = burstSent / ((Date.now() - burstStart) / 1000);
await app.close();
await smtp.stop();

const sent = rows.filter((r) => r.status === 'sent' && r.sent_at !== null);
const lags = sent.map((r) => Number(r.sent_at) - Number(r.created_at)).sort((a, b) => a - b);
const pct = (p: number) => lags[Math.min(lags.length - 1, Math.floor((p / 100) * lags.length))] ?? Number.NaN;
const firstQueued = Math.min(...rows.map((r) => Number(r.created_at)));
const lastSent = Math.max(...sent.map((r) => Number(r.sent_at)));
const perSecond = sent.length / ((lastSent - firstQueued) / 1000);
const lagP99 = pct(99);
const file = writeResult('mail-throughput', {
  target: `${RATE} report e-mails/s through SMTP with ${REPLY_MS} ms replies, lag p99 < ${TARGET_LAG_P99_MS} ms`,
  before: 'issue 14: 4 mails/s at 50 ms per reply (one at a time, a new connection each)',
  config: { SMTP_MAX_CONNECTIONS: env.SMTP_MAX_CONNECTIONS, MAIL_CONCURRENCY: env.MAIL_CONCURRENCY },
  queued,
  sent: sent.length,
  mailsPerSecond: Number(perSecond.toFixed(1)),
  lagMs: { p50: pct(50), p90: pct(90), p99: lagP99, max: lags.at(-1) },
  burst: { queued: BURST, sent: burstSent, mailsPerSecond: Number(burstPerSecond.toFixed(1)) },
  ratioToTarget: Number((lagP99 / TARGET_LAG_P99_MS).toFixed(3)),
  pass: sent.length === queued && lagP99 < TARGET_LAG_P99_MS && burstSent === BURST && burstPerSecond >= RATE,
});
console.info(
  `${sent.length}/${queued} sent, ${perSecond.toFixed(1)}/s, lag p99 ${lagP99} ms; burst ${burstPerSecond.toFixed(1)}/s; wrote ${file}`,
);
