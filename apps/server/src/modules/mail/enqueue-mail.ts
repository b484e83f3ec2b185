import type { Locale } from '@mindgauge/contract';
import { randomHex128 } from '../../lib/ids';
import { type DbOrTrx, outboxRepository } from './outbox-repository';
import type { TemplateName, TemplatePayload } from './templates';

export interface MailRequest<T extends TemplateName> {
  template: T;
  locale: Locale;
  to: string;
  payload: TemplatePayload<T>;
  /** Makes the enqueue idempotent: a second request with the same key queues nothing. */
  dedupeKey?: string;
}

/**
 * Queues an e-mail. Call it with the transaction of the change that causes the mail, so the mail exists
 * exactly when the change does. The Message-ID is fixed now, so a retried send is recognisable as the same
 * message by every mail system.
 */
export async function enqueueMail<T extends TemplateName>(
  db: DbOrTrx,
  mail: MailRequest<T>,
  now: number,
  domain: string,
): Promise<void> {
  await outboxRepository(db).enqueue({
    dedupe_key: mail.dedupeKey ?? null,
    template: mail.template,
    locale: mail.locale,
    to_address: mail.to,
    payload: JSON.stringify(mail.payload),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    locked_until: null,
    last_error: null,
    message_id: `<${randomHex128()}@${domain}>`,
    sent_at: null,
    created_at: now,
  });
}

/** The outbox as a transaction's repositories hand it out: `enqueue` inside the caller's transaction. */
export function mailOutbox(db: DbOrTrx) {
  return {
    enqueue<T extends TemplateName>(mail: MailRequest<T>, now: number, domain: string): Promise<void> {
      return enqueueMail(db, mail, now, domain);
    },
  };
}
export type MailOutbox = ReturnType<typeof mailOutbox>;
