import type { TransactionRepositories } from '../../db/repositories';
import type { TemplatePayload } from '../mail/templates';
import type { PaymentRow } from './payment-repository';

/**
 * What the paid transition announces (decision 0017). Payments makes a payment succeed and an order paid
 * exactly once; the modules that care (subscriptions, extras, accounts) react here instead of
 * payments importing them.
 */
/** The order a payment is for, as reactions need it (the exam module owns orders). */
export interface PaidOrder {
  order_number: string;
  exam_id: number;
}

export interface PaidEvents {
  /** A first payment made its order paid (this call did: a replay announces nothing). */
  orderPaid: {
    event: {
      payment: PaymentRow;
      /** The order as it is now paid (read in the transaction). */
      order: PaidOrder;
      /** The method the processor kept for later charges (a plan's renewals), if any. */
      savedMethodRef: string | null;
      /** Who bills a plan's renewals: the processor itself, or us with the kept method. */
      billing: { billedBy: 'processor' | 'merchant'; processorRef: string | null };
      /** The recurring amount shown next to the button of a plan's payment (its stored consent). */
      agreedRecurringAmount: number | null;
      now: number;
    };
    /** What a reaction adds to the report e-mail queued in the same transaction. */
    mail: Partial<TemplatePayload<'reportReady'>>;
  };
  /** An extra's payment succeeded (once). */
  extraPaid: {
    event: { payment: PaymentRow; order: PaidOrder; now: number };
    /** What a reaction adds to the extra's receipt queued in the same transaction. */
    mail: Partial<TemplatePayload<'extraReceipt'>>;
  };
}
export type PaidEventName = keyof PaidEvents;
type EventOf<K extends PaidEventName> = PaidEvents[K]['event'];
type MailOf<K extends PaidEventName> = PaidEvents[K]['mail'];

/** What the transition knows before its transaction opens (the order as it was, the payment). */
export interface BeforePaid {
  payment: PaymentRow;
  order: PaidOrder;
}

/**
 * A module's reaction to a paid event. `prepare` runs before the transaction opens, for reads that must not
 * hold the write lock (and on SQLite's single connection could not run inside it); `inTransaction` runs
 * inside the paid transaction with its repositories, so what it writes commits or rolls back with the paid
 * state (exactly once); `afterCommit` runs once the transaction committed, and only if this call made it.
 */
export interface PaidReaction<K extends PaidEventName, P = undefined> {
  prepare?: (before: BeforePaid) => Promise<P>;
  inTransaction?: (event: EventOf<K>, repos: TransactionRepositories, prepared: P) => Promise<MailOf<K> | undefined>;
  afterCommit?: (event: EventOf<K>) => void | Promise<void>;
}

/** A reaction once its prepared reads are done: what the transaction and the commit run. */
export interface Prepared<K extends PaidEventName> {
  inTransaction: (event: EventOf<K>, repos: TransactionRepositories) => Promise<MailOf<K> | undefined>;
  afterCommit: (event: EventOf<K>) => void | Promise<void>;
}

/**
 * The in-process bus of the paid transition. Reactions run in the order they were registered; an error in
 * an in-transaction reaction rolls the whole transition back (it is retried by the next webhook, status
 * check or reconciliation pass), an error after commit propagates to the caller like any other.
 */
export function paidTransition() {
  const reactions: { [K in PaidEventName]: PaidReaction<K, unknown>[] } = { orderPaid: [], extraPaid: [] };

  /** Subscribes a reaction with any of its phases. */
  function on<K extends PaidEventName, P>(name: K, reaction: PaidReaction<K, P>): void {
    (reactions[name] as PaidReaction<K, unknown>[]).push(reaction as PaidReaction<K, unknown>);
  }

  return {
    on,
    /** One line: something written in the paid transaction itself (atomic with the paid state). */
    inTransaction<K extends PaidEventName>(
      name: K,
      work: (event: EventOf<K>, repos: TransactionRepositories) => Promise<MailOf<K> | undefined>,
    ): void {
      on(name, { inTransaction: (event, repos) => work(event, repos) });
    },
    /** One line: something done once the paid state is committed (a cache forgotten, a notice). */
    afterCommit<K extends PaidEventName>(name: K, work: (event: EventOf<K>) => void | Promise<void>): void {
      on(name, { afterCommit: work });
    },

    /** Runs every reaction's reads before the transaction; returns the steps to run in it and after it. */
    async prepare<K extends PaidEventName>(name: K, before: BeforePaid): Promise<Prepared<K>> {
      const list = reactions[name] as PaidReaction<K, unknown>[];
      const prepared: unknown[] = [];
      for (const r of list) prepared.push(r.prepare ? await r.prepare(before) : undefined);
      return {
        async inTransaction(event, repos) {
          let mail: MailOf<K> = {} as MailOf<K>;
          for (const [i, r] of list.entries()) {
            const part = r.inTransaction ? await r.inTransaction(event, repos, prepared[i]) : undefined;
            if (part) mail = { ...mail, ...part };
          }
          return mail;
        },
        async afterCommit(event) {
          for (const r of list) if (r.afterCommit) await r.afterCommit(event);
        },
      };
    },
  };
}
export type PaidTransition = ReturnType<typeof paidTransition>;
