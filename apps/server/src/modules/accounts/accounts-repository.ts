import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

export type AccountRow = Database['accounts'];
export type SessionRow = Database['account_sessions'];
export type CodeRow = Omit<Database['email_codes'], 'id'> & { id: number };
type Db = Kysely<Database> | Transaction<Database>;

/** Every SQL statement on the accounts module's tables. */
export function accountsRepository(db: Kysely<Database>) {
  return {
    db,
    findById(id: string) {
      return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByEmail(email: string, trx: Db = db) {
      return trx.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
    },
    /** Inserts unless the address has an account already (the unique e-mail decides between racers). */
    async insertIfAbsent(row: AccountRow, trx: Db = db): Promise<AccountRow> {
      await trx
        .insertInto('accounts')
        .values(row)
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      return trx.selectFrom('accounts').selectAll().where('email', '=', row.email).executeTakeFirstOrThrow();
    },
    async update(id: string, patch: Partial<Omit<AccountRow, 'id' | 'email'>>, trx: Db = db) {
      await trx.updateTable('accounts').set(patch).where('id', '=', id).execute();
    },
    /** Erases the account and everything of it this module keeps. */
    async deleteAccount(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('account_sessions').where('account_id', '=', id).execute();
        await trx.deleteFrom('account_exam_sessions').where('account_id', '=', id).execute();
        const row = await trx.selectFrom('accounts').select('email').where('id', '=', id).executeTakeFirst();
        if (row) await trx.deleteFrom('email_codes').where('email', '=', row.email).execute();
        await trx.deleteFrom('accounts').where('id', '=', id).execute();
      });
    },

    insertSession(row: SessionRow) {
      return db.insertInto('account_sessions').values(row).execute();
    },
    findSession(tokenHash: string) {
      return db
        .selectFrom('account_sessions')
        .innerJoin('accounts', 'accounts.id', 'account_sessions.account_id')
        .selectAll('accounts')
        .select([
          'account_sessions.token_hash',
          'account_sessions.created_at as session_created_at',
          'account_sessions.last_seen_at',
          'account_sessions.expires_at',
        ])
        .where('account_sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    async touchSession(tokenHash: string, now: number, expiresAt: number) {
      await db
        .updateTable('account_sessions')
        .set({ last_seen_at: now, expires_at: expiresAt })
        .where('token_hash', '=', tokenHash)
        .execute();
    },
    async deleteSession(tokenHash: string) {
      await db.deleteFrom('account_sessions').where('token_hash', '=', tokenHash).execute();
    },
    /** Ends every session of an account but one (or all); returns how many ended. */
    async deleteSessionsOf(accountId: string, except?: string, trx: Db = db): Promise<number> {
      let q = trx.deleteFrom('account_sessions').where('account_id', '=', accountId);
      if (except) q = q.where('token_hash', '!=', except);
      const res = await q.executeTakeFirst();
      return Number(res.numDeletedRows);
    },
    sessionsOf(accountId: string) {
      return db
        .selectFrom('account_sessions')
        .select(['created_at', 'last_seen_at', 'expires_at'])
        .where('account_id', '=', accountId)
        .execute();
    },
    /** Forgets what can no longer be used: ended sessions, old codes, links past their expiry. */
    async deleteExpired(now: number, codesBefore: number): Promise<number> {
      const counts = await Promise.all([
        db.deleteFrom('account_sessions').where('expires_at', '<=', now).executeTakeFirst(),
        db.deleteFrom('email_codes').where('created_at', '<', codesBefore).executeTakeFirst(),
        db.deleteFrom('signin_links_used').where('expires_at', '<=', now).executeTakeFirst(),
      ]);
      return counts.reduce((n, r) => n + Number(r.numDeletedRows), 0);
    },

    /** A new code replaces the address's unused codes of the same purpose (only the latest one works). */
    async replaceCode(row: Omit<CodeRow, 'id'>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('email_codes')
          .set({ used_at: row.created_at })
          .where('email', '=', row.email)
          .where('purpose', '=', row.purpose)
          .where('used_at', 'is', null)
          .execute();
        await trx.insertInto('email_codes').values(row).execute();
      });
    },
    /**
     * The newest code issued for the address and purpose, if it is still usable. Only the newest counts: an
     * older code (two requests racing, or left over once the newest is used) never works.
     */
    async latestLiveCode(email: string, purpose: CodeRow['purpose'], now: number) {
      const newest = await db
        .selectFrom('email_codes')
        .selectAll()
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return newest && newest.used_at === null && newest.expires_at > now ? newest : undefined;
    },
    /** The newest registration of an address since a time (its details travel with its code). */
    latestRegistration(email: string, since: number) {
      return db
        .selectFrom('email_codes')
        .select('payload')
        .where('email', '=', email)
        .where('purpose', '=', 'register')
        .where('created_at', '>', since)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    /** Counts a wrong try; returns the tries so far (one statement, so concurrent guesses all count). */
    async countWrongTry(id: number): Promise<number> {
      const row = await db
        .updateTable('email_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .returning('attempts')
        .executeTakeFirst();
      return Number(row?.attempts ?? Number.POSITIVE_INFINITY);
    },
    /** Uses a code once: of two concurrent uses exactly one gets true. */
    async useCode(id: number, now: number, trx: Db = db): Promise<boolean> {
      const res = await trx
        .updateTable('email_codes')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Records a one-time link as used; false when it was used before. */
    async useSigninLink(tokenHash: string, now: number, expiresAt: number, trx: Db = db): Promise<boolean> {
      const res = await trx
        .insertInto('signin_links_used')
        .values({ token_hash: tokenHash, used_at: now, expires_at: expiresAt })
        .onConflict((oc) => oc.column('token_hash').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async linkExamSession(sessionId: string, accountId: string, now: number): Promise<void> {
      await db
        .insertInto('account_exam_sessions')
        .values({ session_id: sessionId, account_id: accountId, linked_at: now })
        .onConflict((oc) => oc.column('session_id').doNothing())
        .execute();
    },
    async examSessionsOf(accountId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('account_exam_sessions')
        .select('session_id')
        .where('account_id', '=', accountId)
        .execute();
      return rows.map((r) => r.session_id);
    },
    async ownsExamSession(accountId: string, sessionId: string): Promise<boolean> {
      const row = await db
        .selectFrom('account_exam_sessions')
        .select('session_id')
        .where('session_id', '=', sessionId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type AccountsRepository = ReturnType<typeof accountsRepository>;
