import { isLocale } from '@mindgauge/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Translator } from '../../i18n/translator';
import { backgroundJob } from '../../lib/background-job';
import type { Clock } from '../../lib/clock';
import type { OutboxRepository, OutboxRow } from './outbox-repository';
import { renderTemplate } from './templates';
import type { MailTransport } from './transports/mail-transport';

export interface MailWorkerOptions {
  repo: OutboxRepository;
  transport: MailTransport;
  translator: Translator;
  clock: Clock;
  from: string;
  siteUrl: string;
  maxAttempts: number;
  intervalMs: number;
  /** How long a claimed row stays claimed; after that another worker may retry it. */
  leaseMs?: number;
  /** How many messages are sent at once (over the transport's pooled connections); a pass claims as many. */
  concurrency?: number;
  /** How many batches one pass claims at most before yielding to the next interval or kick. */
  maxBatches?: number;
  log?: FastifyBaseLogger;
}

/** Exponential backoff with a cap: 30 s, 1 min, 2 min, ... 1 h. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/**
 * Sends queued e-mail. Any number of workers, in one process or many, may run: a pass claims a batch of due
 * rows with one guarded update, so exactly one worker sends each, and sends the batch `concurrency` at a time
 * (one message at a time on a new connection kept up with 4 mails/s at 50 ms per SMTP reply, issue 14). A
 * crash mid-send leaves the claims to expire and the rows are retried with the same Message-ID.
 */
export function createMailWorker(o: MailWorkerOptions) {
  const leaseMs = o.leaseMs ?? 120_000;
  const concurrency = o.concurrency ?? 10;
  const maxBatches = o.maxBatches ?? 20;

  async function sendOne(row: OutboxRow): Promise<boolean> {
    try {
      const locale = isLocale(row.locale) ? row.locale : 'en';
      const rendered = renderTemplate(o.translator, row.template, locale, row.payload, o.siteUrl);
      await o.transport.send({
        outboxId: row.id,
        messageId: row.message_id,
        from: o.from,
        to: row.to_address,
        ...rendered,
      });
      await o.repo.markSent(row.id, o.clock.now());
      return true;
    } catch (err) {
      const next = row.attempts >= o.maxAttempts ? null : o.clock.now() + backoffMs(row.attempts);
      o.log?.warn({ err, outboxId: row.id, attempt: row.attempts }, 'e-mail send failed');
      await o.repo.markFailed(row.id, err instanceof Error ? err.message : String(err), next);
      return false;
    }
  }

  /**
   * One pass: `concurrency` lanes send claimed rows; when fewer than a batch wait, the next batch is claimed
   * while the lanes go on (no lane idles at a batch's end). Stops when the queue is empty or after
   * `maxBatches` claims; returns how many were sent.
   */
  async function runOnce(): Promise<number> {
    let sent = 0;
    let claims = 0;
    let exhausted = false;
    const ready: OutboxRow[] = [];
    let claiming: Promise<void> | null = null;
    let failure: unknown;
    const claimMore = (): Promise<void> => {
      claiming ??= (async () => {
        if (claims >= maxBatches) {
          exhausted = true;
          return;
        }
        claims++;
        try {
          const rows = await o.repo.claimBatch(o.clock.now(), leaseMs, concurrency);
          ready.push(...rows);
          if (rows.length < concurrency) exhausted = true;
        } catch (err) {
          // The lanes finish what they hold; the pass then reports the failure (the job logs it).
          failure ??= err;
          exhausted = true;
        }
      })().finally(() => {
        claiming = null;
      });
      return claiming;
    };
    const lane = async (): Promise<void> => {
      for (;;) {
        if (ready.length < concurrency && !exhausted) void claimMore();
        const row = ready.shift();
        if (row) {
          if (await sendOne(row)) sent++;
          continue;
        }
        if (claiming) await claiming;
        else if (exhausted) return;
        else await claimMore();
      }
    };
    await claimMore();
    await Promise.all(Array.from({ length: concurrency }, lane));
    if (failure !== undefined) {
      if (sent === 0) throw failure;
      o.log?.error({ err: failure }, 'mail worker: claiming a batch failed');
    }
    return sent;
  }

  const job = backgroundJob('mail worker', runOnce, o.intervalMs, o.log);
  return { runOnce, kick: job.kick, start: job.start, stop: job.stop };
}
export type MailWorker = ReturnType<typeof createMailWorker>;
