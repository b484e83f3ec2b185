import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import type { Translator } from '../../i18n/translator';
import type { Clock } from '../../lib/clock';
import { createMailWorker } from './mail-worker';
import { outboxRepository } from './outbox-repository';
import { localTransport } from './transports/local-transport';
import type { MailTransport } from './transports/mail-transport';
import { smtpTransport } from './transports/smtp-transport';

/** The transport (SMTP, or the local mailbox) and the worker that sends the outbox through it. */
export function mailModule(d: {
  env: Env;
  db: Db;
  clock: Clock;
  translator: Translator;
  log: FastifyBaseLogger;
  /** A transport given by the caller (tests), instead of the configured one. */
  transport?: MailTransport | undefined;
}) {
  const { env, db, clock } = d;
  const mailDomain = new URL(env.PUBLIC_URL).hostname || 'localhost';
  const mailTransport =
    d.transport ??
    (env.MAIL_TRANSPORT === 'smtp' && env.SMTP_URL
      ? smtpTransport(env.SMTP_URL, env.SMTP_MAX_CONNECTIONS)
      : localTransport(db.kysely, () => clock.now()));
  const mailWorker = createMailWorker({
    repo: outboxRepository(db.kysely),
    transport: mailTransport,
    translator: d.translator,
    clock,
    from: env.MAIL_FROM,
    siteUrl: env.PUBLIC_URL,
    maxAttempts: env.MAIL_MAX_ATTEMPTS,
    intervalMs: env.MAIL_WORKER_INTERVAL_MS,
    concurrency: env.MAIL_CONCURRENCY,
    log: d.log,
  });
  return { mailDomain, mailTransport, mailWorker };
}
