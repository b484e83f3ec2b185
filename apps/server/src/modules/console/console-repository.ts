import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type OperatorRow = Database['operators'];
export type AuditRow = Database['audit_log'] extends infer R ? Omit<R, 'id'> & { id: number } : never;

/** Every SQL statement on the console's tables: operators, their verified sessions, the audit log. */
export function consoleRepository(db: Kysely<Database>) {
  return {
    findOperator(accountId: string): Promise<OperatorRow | undefined> {
      return db.selectFrom('operators').selectAll().where('account_id', '=', accountId).executeTakeFirst();
    },
    async grantOperator(accountId: string, now: number): Promise<boolean> {
      const res = await db
        .insertInto('operators')
        .values({ account_id: accountId, role: 'operator', created_at: now })
        .onConflict((oc) => oc.column('account_id').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    /** A new secret, only while none is confirmed (an enrolled factor is never replaced from the console). */
    async proposeSecret(accountId: string, secret: string): Promise<boolean> {
      const res = await db
        .updateTable('operators')
        .set({ totp_secret: secret })
        .where('account_id', '=', accountId)
        .where('totp_enabled_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Accepts a code's time step once: false when this step (or a later one) was already used. */
    async acceptStep(accountId: string, step: number, now: number): Promise<boolean> {
      const res = await db
        .updateTable('operators')
        .set((eb) => ({
          totp_last_step: step,
          totp_enabled_at: eb.fn.coalesce('totp_enabled_at', eb.val(now)),
        }))
        .where('account_id', '=', accountId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Resets the second factor (the operator command, when a phone is lost). */
    async resetSecondFactor(accountId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('operators')
          .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
          .where('account_id', '=', accountId)
          .execute();
        await trx.deleteFrom('operator_sessions').where('account_id', '=', accountId).execute();
      });
    },
    async verifiedSession(tokenHash: string, now: number): Promise<boolean> {
      const row = await db
        .selectFrom('operator_sessions')
        .select('expires_at')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row !== undefined && row.expires_at > now;
    },
    async markVerified(tokenHash: string, accountId: string, now: number, expiresAt: number): Promise<void> {
      await db
        .insertInto('operator_sessions')
        .values({ token_hash: tokenHash, account_id: accountId, verified_at: now, expires_at: expiresAt })
        .onConflict((oc) => oc.column('token_hash').doUpdateSet({ verified_at: now, expires_at: expiresAt }))
        .execute();
    },
    async deleteExpiredSessions(now: number): Promise<void> {
      await db.deleteFrom('operator_sessions').where('expires_at', '<=', now).execute();
    },
    async appendAudit(row: Insertable<Database['audit_log']>): Promise<void> {
      await db.insertInto('audit_log').values(row).execute();
    },
    /** Newest first, `limit + 1` rows so the caller knows whether there are more. */
    listAudit(before: number | undefined, limit: number): Promise<AuditRow[]> {
      let q = db
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit + 1);
      if (before !== undefined) q = q.where('id', '<', before);
      return q.execute();
    },
    auditOf(target: string): Promise<AuditRow[]> {
      return db.selectFrom('audit_log').selectAll().where('target', '=', target).orderBy('id', 'desc').execute();
    },
  };
}
export type ConsoleRepository = ReturnType<typeof consoleRepository>;
