import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { mailboxRepository } from '../mailbox-repository';
import type { MailTransport, OutgoingMail } from './mail-transport';

/**
 * Stores mail in the database, viewable at /dev/mailbox. Keyed on the outbox row, so a retried send after a
 * crash stores nothing twice.
 */
export function localTransport(db: Kysely<Database>, now: () => number): MailTransport {
  const mailbox = mailboxRepository(db);
  return {
    name: 'local',
    async send(mail: OutgoingMail) {
      await mailbox.store({
        outbox_id: mail.outboxId,
        to_address: mail.to,
        from_address: mail.from,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        created_at: now(),
      });
    },
    async close() {},
  };
}
