import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from './schema';

/** The outboxes whose rows workers claim for a lease: the e-mail outbox (mail) and the purchases for ad providers (conversions). */
export type ClaimedTable = 'mail_outbox' | 'conversion_outbox';

/** The columns a claimable row has; each outbox adds its own. */
interface ClaimColumns {
  id: number;
  status: string;
  next_attempt_at: number;
  locked_until: number | null;
  attempts: number;
}

/**
 * A claimable table as one name to the query builder (its real name is what the SQL says): Kysely's types
 * cannot follow a query through a union of tables, and every statement here reads only the shared columns.
 */
type ClaimDb = Kysely<{ claimable: ClaimColumns }>;

/** Due: pending and due, or claimed by a worker whose lease ran out (it crashed mid-send). */
const due = (now: number) => (eb: ExpressionBuilder<{ claimable: ClaimColumns }, 'claimable'>) =>
  eb.or([
    eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
    eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
  ]);

/**
 * The statements that hand an outbox's due rows to workers: each module keeps its own table and repository
 * and spreads these into it, naming its row type. A claim sets the row `sending` under a lease and counts the attempt.
 */
export function claimedBatch<Row extends { id: number }>(handle: Kysely<Database>, table: ClaimedTable) {
  const db = handle as unknown as ClaimDb;
  const name = table as unknown as 'claimable';
  return {
    /** The ids of due rows, oldest first. */
    listDueIds(now: number, limit: number): Promise<{ id: number }[]> {
      return db.selectFrom(name).select('id').where(due(now)).orderBy('id').limit(limit).execute();
    },
    /**
     * Claims one row with a guarded update: of several workers (or instances) only one sees it updated, on
     * SQLite and PostgreSQL alike.
     */
    async claim(id: number, now: number, leaseMs: number): Promise<Row | undefined> {
      const row = await db
        .updateTable(name)
        .set((eb) => ({ status: 'sending', locked_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where(due(now))
        .returningAll()
        .executeTakeFirst();
      return row as Row | undefined;
    },
    /**
     * Claims up to `limit` due rows at once, oldest first, with one guarded update: the subquery picks
     * candidates and the outer WHERE checks each row again as it updates it, so of several workers (or
     * instances) racing for the same rows each row goes to exactly one (on PostgreSQL a row another
     * transaction just claimed fails the re-check and is skipped; SQLite runs one writer at a time).
     */
    async claimBatch(now: number, leaseMs: number, limit: number): Promise<Row[]> {
      const rows = await db
        .updateTable(name)
        .set((eb) => ({ status: 'sending', locked_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', (eb) => eb.selectFrom(name).select('id').where(due(now)).orderBy('id').limit(limit))
        .where(due(now))
        .returningAll()
        .execute();
      return (rows as unknown as Row[]).sort((a, b) => a.id - b.id);
    },
  };
}
