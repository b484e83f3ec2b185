import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { autoId, epochMs } from './column-types';

/**
 * Accounts (issue 17): the account itself, its sign-in sessions (stored hashed), the e-mailed codes
 * (stored hashed, with their tries), the used one-time sign-in links, and the test sessions a signed-in
 * browser took (what lists an unfinished test in the personal centre). All owned by modules/accounts.
 */
export function accounts(dialect: Dialect) {
  const ms = epochMs(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // Lower-cased; unique, so concurrent registrations of one address make one account.
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('email_verified_at', ms)
        .addColumn('nickname', 'text')
        .addColumn('phone', 'text')
        .addColumn('birthday', 'text')
        .addColumn('gender', 'text')
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('account_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('last_seen_at', ms, (c) => c.notNull())
        .addColumn('expires_at', ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('account_sessions_account_idx').on('account_sessions').column('account_id').execute();
      await autoId(db.schema.createTable('email_codes'), dialect)
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('expires_at', ms, (c) => c.notNull())
        .addColumn('used_at', ms)
        // A registration's name, password hash and language, applied once the code proves the address.
        .addColumn('payload', 'text')
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('email_codes_email_idx').on('email_codes').columns(['email', 'purpose']).execute();
      await db.schema
        .createTable('signin_links_used')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('used_at', ms, (c) => c.notNull())
        .addColumn('expires_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('account_exam_sessions')
        .addColumn('session_id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('linked_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('account_exam_sessions_account_idx')
        .on('account_exam_sessions')
        .column('account_id')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const t of ['account_exam_sessions', 'signin_links_used', 'email_codes', 'account_sessions', 'accounts'])
        await db.schema.dropTable(t).ifExists().execute();
    },
  };
}
