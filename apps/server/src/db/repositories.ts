import type { Kysely } from 'kysely';
import { catalogRepository } from '../modules/checkout/catalog-repository';
import { conversionsRepository } from '../modules/conversions/conversions-repository';
import { examRepository } from '../modules/exam/exam-repository';
import { extrasRepository } from '../modules/extras/extras-repository';
import { mailOutbox } from '../modules/mail/enqueue-mail';
import { paymentRepository } from '../modules/payments/payment-repository';
import { subscriptionRepository } from '../modules/subscriptions/subscription-repository';
import type { Database } from './schema';
import { type WithTransaction, withTransaction } from './with-transaction';

/**
 * The repositories a transaction spanning modules may use (the paid transition, a gift's redemption), all
 * bound to one handle. Each is still used only through its own module's functions (decision 0016).
 */
export function transactionRepositories(db: Kysely<Database>) {
  return {
    catalog: catalogRepository(db),
    conversions: conversionsRepository(db),
    exams: examRepository(db),
    extras: extrasRepository(db),
    mail: mailOutbox(db),
    payments: paymentRepository(db),
    subscriptions: subscriptionRepository(db),
  };
}
export type TransactionRepositories = ReturnType<typeof transactionRepositories>;
export type Transact = WithTransaction<TransactionRepositories>;

export const transactor = (db: Kysely<Database>): Transact => withTransaction(db, transactionRepositories);
