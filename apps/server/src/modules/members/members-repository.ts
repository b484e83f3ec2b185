import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type AttemptRow = Database['member_attempts'];
export type TrainingAnswerRow = Database['training_answers'];
type Task = Database['member_results']['task'];

/** Every SQL statement of the members' free tests and weekly training (decision 0016). */
export function membersRepository(db: Kysely<Database>) {
  return {
    insertAttempt(row: AttemptRow) {
      return db.insertInto('member_attempts').values(row).execute();
    },
    findAttempt(id: string, accountId: string): Promise<AttemptRow | undefined> {
      return db
        .selectFrom('member_attempts')
        .selectAll()
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
    },
    /** Records the answers as read plus one; guarded by the answers read, so of two racing answers one wins. */
    async updateAnswers(id: string, before: string, after: string): Promise<boolean> {
      const res = await db
        .updateTable('member_attempts')
        .set({ answers: after })
        .where('id', '=', id)
        .where('answers', '=', before)
        .where('finished_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Ends an attempt once; whether this call ended it (only that call keeps the result). */
    async finishAttempt(id: string, now: number): Promise<boolean> {
      const res = await db
        .updateTable('member_attempts')
        .set({ finished_at: now })
        .where('id', '=', id)
        .where('finished_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Unfinished attempts older than `before` are dropped (the hourly clean-up). */
    deleteStaleAttempts(before: number) {
      return db.deleteFrom('member_attempts').where('created_at', '<', before).execute();
    },
    insertResult(accountId: string, task: Task, result: string, takenAt: number) {
      return db
        .insertInto('member_results')
        .values({ account_id: accountId, task, result, taken_at: takenAt })
        .execute();
    },
    /** The account's results, newest first (at most `limit` per task). */
    async resultsOf(accountId: string, limit: number) {
      const rows = await db
        .selectFrom('member_results')
        .select(['task', 'result', 'taken_at'])
        .where('account_id', '=', accountId)
        .orderBy('taken_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const seen = new Map<Task, number>();
      return rows.filter((r) => {
        const n = (seen.get(r.task) ?? 0) + 1;
        seen.set(r.task, n);
        return n <= limit;
      });
    },
    /** The account's latest result of a task (for the report's dimensions). */
    latestResult(accountId: string, task: Task) {
      return db
        .selectFrom('member_results')
        .select(['result', 'taken_at'])
        .where('account_id', '=', accountId)
        .where('task', '=', task)
        .orderBy('taken_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    /** The first answer counts: a second one to the same puzzle changes nothing. */
    async insertTrainingAnswer(row: TrainingAnswerRow): Promise<void> {
      await db
        .insertInto('training_answers')
        .values(row)
        .onConflict((oc) => oc.columns(['account_id', 'week', 'level', 'item_index']).doNothing())
        .execute();
    },
    trainingAnswers(accountId: string, week: string, level: number): Promise<TrainingAnswerRow[]> {
      return db
        .selectFrom('training_answers')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('week', '=', week)
        .where('level', '=', level)
        .orderBy('item_index')
        .execute();
    },
    /** Every training answer of the account, in full (its data export). */
    trainingHistoryFull(accountId: string): Promise<TrainingAnswerRow[]> {
      return db
        .selectFrom('training_answers')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('week')
        .orderBy('level')
        .orderBy('item_index')
        .execute();
    },
    /** Every training answer of the account (weeks, right or wrong, time), for the progress by week. */
    trainingHistory(accountId: string) {
      return db
        .selectFrom('training_answers')
        .select(['week', 'correct', 'time_ms'])
        .where('account_id', '=', accountId)
        .orderBy('week')
        .execute();
    },
  };
}
export type MembersRepository = ReturnType<typeof membersRepository>;
