import { isLocale, type Locale, type TSupportTopic } from '@mindgauge/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type WithTransaction, withTransaction } from '../../db/with-transaction';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { publicId } from '../../lib/ids';
import { type MailOutbox, mailOutbox } from '../mail/enqueue-mail';
import { consumeMailBudget } from '../mail/mail-budget';
import type { RateLimiter } from '../rate-limit/consume-rate-limit';
import { type ReplyRow, type SupportRepository, supportRepository, type TicketRow } from './support-repository';

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
  /** Whether the address is a VIP member's now: its ticket is answered first (the membership's promise). */
  isPriority?(email: string, now: number): Promise<boolean>;
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
  // Asked before the transaction: on SQLite its one connection is the transaction's until it ends.
  const priority = (await deps.isPriority?.(input.email.toLowerCase(), now)) ?? false;
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
      priority: priority ? 1 : 0,
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

/** The operator's side of support: the tickets with their replies, an e-mailed reply, marking one done. */
export function supportDesk(deps: Pick<SupportDeps, 'transact' | 'clock' | 'mailDomain'>) {
  async function withReplies(tickets: TicketRow[]) {
    const replies = await deps.transact((tx) => tx.tickets.repliesOf(tickets.map((t) => t.public_id)));
    return tickets.map((t) => ({ ticket: t, replies: replies.filter((r) => r.ticket_id === t.public_id) }));
  }
  async function requireTicket(id: string) {
    const t = await deps.transact((tx) => tx.tickets.findTicket(id));
    if (!t) throw new AppError('TICKET_NOT_FOUND');
    return t;
  }
  return {
    async list(status: 'open' | 'done' | 'all') {
      return withReplies(await deps.transact((tx) => tx.tickets.listTickets(status, 200)));
    },
    async get(id: string) {
      return (await withReplies([await requireTicket(id)]))[0] as { ticket: TicketRow; replies: ReplyRow[] };
    },
    /** Stores the reply and queues its e-mail to the ticket's address in one transaction. */
    async reply(id: string, author: string, message: string) {
      const t = await requireTicket(id);
      const now = deps.clock.now();
      await deps.transact(async (tx) => {
        await tx.tickets.insertReply({ ticket_id: t.public_id, author, message, created_at: now });
        await tx.mail.enqueue(
          {
            template: 'supportReply',
            locale: isLocale(t.hl) ? t.hl : 'en',
            to: t.email,
            payload: { ticket: t.public_id, reply: message, original: t.message },
          },
          now,
          deps.mailDomain,
        );
      });
      return this.get(id);
    },
    async markDone(id: string) {
      await requireTicket(id);
      await deps.transact((tx) => tx.tickets.markDone(id, deps.clock.now()));
      return this.get(id);
    },
  };
}
export type SupportDesk = ReturnType<typeof supportDesk>;
