import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type OutboxRow, outboxRepository } from './outbox-repository';

/** The operator's view of the outbox: what was queued, sent or failed, and a retry for a failed one. */
export function outboxDesk(db: Kysely<Database>, clock: Clock, kick: () => void) {
  const repo = outboxRepository(db);
  return {
    recent: (f: { status?: OutboxRow['status'] | undefined; to?: string | undefined }) =>
      repo.recent({ ...f, limit: 200 }),
    /** Requeues a failed e-mail (same Message-ID, so receivers see one message); other states stay as they are. */
    async retry(id: number) {
      if (!(await repo.exists(id))) throw new AppError('MAIL_NOT_FOUND');
      const requeued = await repo.requeueFailed(id, clock.now());
      // The answer shows the row as requeued: read before waking the worker, which may claim it at once.
      const [row] = await repo.recent({ limit: 1, id });
      if (requeued) kick();
      return { requeued, row };
    },
  };
}
export type OutboxDesk = ReturnType<typeof outboxDesk>;
