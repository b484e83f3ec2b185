import { isLocale } from '@mindgauge/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Translator } from '../../i18n/translator';
import { backgroundJob } from '../../lib/background-job';
import type { Clock } from '../../lib/clock';
import type { OutboxRepository } from './outbox-repository';
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
  batchSize?: number;
  log?: FastifyBaseLogger;
}

/** Exponential backoff with a cap: 30 s, 1 min, 2 min, ... 1 h. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/**
 * Sends queued e-mail. Any number of workers, in one process or many, may run: each row is claimed by a
 * guarded update, so exactly one worker sends it; a crash mid-send leaves the claim to expire and the row
 * is retried with the same Message-ID.
 */
export function createMailWorker(o: MailWorkerOptions) {
  const leaseMs = o.leaseMs ?? 120_000;
  const batchSize = o.batchSize ?? 20;

  async function sendOne(id: number): Promise<boolean> {
    const row = await o.repo.claim(id, o.clock.now(), leaseMs);
    if (!row) return false;
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

  /** One pass over due rows; returns how many were sent. */
  async function runOnce(): Promise<number> {
    let sent = 0;
    const due = await o.repo.listDueIds(o.clock.now(), batchSize);
    for (const { id } of due) if (await sendOne(id)) sent++;
    return sent;
  }

  const job = backgroundJob('mail worker', runOnce, o.intervalMs, o.log);
  return { runOnce, kick: job.kick, start: job.start, stop: job.stop };
}
export type MailWorker = ReturnType<typeof createMailWorker>;
