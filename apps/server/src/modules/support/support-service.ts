import type { Locale, TSupportTopic } from '@mindgauge/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type WithTransaction, withTransaction } from '../../db/with-transaction';
import type { Clock } from '../../lib/clock';
import { publicId } from '../../lib/ids';
import { type MailOutbox, mailOutbox } from '../mail/enqueue-mail';
import { consumeMailBudget } from '../mail/mail-budget';
import type { RateLimiter } from '../rate-limit/consume-rate-limit';
import { type SupportRepository, supportRepository } from './support-repository';

/** What a support message's transaction writes: the ticket and its two e-mails. */
export interface SupportTransaction {
  tickets: SupportRepository;
  mail: MailOutbox;
}

/** The support transaction's helper, from the database (composition). */
export const supportTransactor = (db: Kysely<Database>): WithTransaction<SupportTransaction> =>
  withTransaction(db, (h) => ({ tickets: supportRepository(h), mail: mailOutbox(h) }));

export interface SupportDeps {
  /** Rate limits (the rate-limit module's service). */
  limits: RateLimiter;
  /** Rate limits (the rate-limit module's handle). */
  db: Kysely<Database>;
  transact: WithTransaction<SupportTransaction>;
  clock: Clock;
  supportEmail: string;
  mailDomain: string;
  requireExam(id: number): Promise<unknown>;
}

export interface SupportInput {
  name: string;
  email: string;
  topic: TSupportTopic;
  message: string;
  orderNumber?: string | undefined;
  examId: number;
  hl: Locale;
  ip: string;
}

const PER_IP = { name: 'support:ip', max: 5, windowMs: 10 * 60_000 };
const PER_EMAIL = { name: 'support:email', max: 3, windowMs: 60 * 60_000 };

/**
 * Stores the message and queues, in the same transaction, the visitor's acknowledgement (in their language)
 * and the operator's notification. Rate limited per client and per address: it sends e-mail.
 */
export async function sendSupportMessage(deps: SupportDeps, input: SupportInput): Promise<{ ticketId: string }> {
  await deps.requireExam(input.examId);
  const now = deps.clock.now();
  await deps.limits.consume(PER_IP, input.ip, now);
  await deps.limits.consume(PER_EMAIL, input.email, now);
  await consumeMailBudget(deps.limits, input.email, now);
  const ticketId = publicId('T-');
  const order = input.orderNumber ? input.orderNumber : null;
  await deps.transact(async (tx) => {
    await tx.tickets.insertTicket({
      public_id: ticketId,
      name: input.name,
      email: input.email,
      topic: input.topic,
      message: input.message,
      order_number: order,
      exam_id: input.examId,
      hl: input.hl,
      created_at: now,
    });
    const common = { name: input.name, ticket: ticketId, topic: input.topic, message: input.message };
    await tx.mail.enqueue(
      { template: 'supportAck', locale: input.hl, to: input.email, payload: { ticket: ticketId } },
      now,
      deps.mailDomain,
    );
    await tx.mail.enqueue(
      {
        template: 'supportNotify',
        locale: 'en',
        to: deps.supportEmail,
        payload: { ...common, email: input.email, hl: input.hl, order },
      },
      now,
      deps.mailDomain,
    );
  });
  return { ticketId };
}
