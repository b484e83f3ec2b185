import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { autoId, epochMs } from './column-types';

/**
 * The operator's console (issue 21), owned by modules/console: who is an operator (and their TOTP secret),
 * which sign-in sessions passed the second factor, and the audit log. The audit log is append-only in the
 * database itself: a trigger refuses every UPDATE and DELETE, on both dialects, so no code path (and no
 * operator with the console) can rewrite what was done. Support tickets gain a status and replies (owned by
 * modules/support).
 */
export function consoleTables(dialect: Dialect) {
  const ms = epochMs(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('operators')
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('totp_secret', 'text')
        .addColumn('totp_enabled_at', ms)
        // The last time step a code was accepted for: a code is never accepted twice (replay).
        .addColumn('totp_last_step', ms)
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('operator_sessions')
        // The account session's token hash (accounts module): signing out ends the second factor too.
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('verified_at', ms, (c) => c.notNull())
        .addColumn('expires_at', ms, (c) => c.notNull())
        .execute();
      await autoId(db.schema.createTable('audit_log'), dialect)
        .addColumn('at', ms, (c) => c.notNull())
        .addColumn('actor_id', 'text', (c) => c.notNull())
        .addColumn('actor_email', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .execute();
      await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target', 'id']).execute();
      if (dialect === 'postgres') {
        await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
          BEGIN RAISE EXCEPTION 'audit_log is append-only'; END; $$ LANGUAGE plpgsql`.execute(db);
        await sql`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
          FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
      } else {
        await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
          BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
        await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
          BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
      }
      await db.schema
        .alterTable('support_tickets')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .execute();
      await db.schema.alterTable('support_tickets').addColumn('done_at', ms).execute();
      // VIP members' tickets are answered first (the membership's "priority support").
      await db.schema
        .alterTable('support_tickets')
        .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await autoId(db.schema.createTable('support_replies'), dialect)
        .addColumn('ticket_id', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('support_replies_ticket_idx').on('support_replies').column('ticket_id').execute();
      await db.schema
        .createIndex('support_tickets_status_idx')
        .on('support_tickets')
        .columns(['status', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('support_replies').ifExists().execute();
      await db.schema.dropIndex('support_tickets_status_idx').ifExists().execute();
      await db.schema.alterTable('support_tickets').dropColumn('priority').execute();
      await db.schema.alterTable('support_tickets').dropColumn('done_at').execute();
      await db.schema.alterTable('support_tickets').dropColumn('status').execute();
      await db.schema.dropTable('audit_log').ifExists().execute();
      if (dialect === 'postgres') await sql`DROP FUNCTION IF EXISTS audit_log_append_only()`.execute(db);
      await db.schema.dropTable('operator_sessions').ifExists().execute();
      await db.schema.dropTable('operators').ifExists().execute();
    },
  };
}
