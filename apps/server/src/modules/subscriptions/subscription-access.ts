import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { subscriptionRepository } from './subscription-repository';

/**
 * The subscriptions module's answer to "does this address have a plan running now?", for the members'
 * training (which owns no subscription table). A plan that still renews (trial, active, or retrying a failed
 * renewal) gives access; a cancelled one keeps it until the end of the period already paid for (the terms'
 * promise), then it is over even before the scheduler marks it ended.
 */
export function subscriptionAccess(db: Kysely<Database>) {
  const repo = subscriptionRepository(db);
  return {
    async of(email: string, now: number): Promise<{ until: number | null } | undefined> {
      const rows = await repo.notEndedForEmail(email);
      if (rows.some((r) => r.cancel_requested_at === null)) return { until: null };
      const ends = rows.map((r) => Number(r.current_period_end)).filter((end) => end > now);
      return ends.length > 0 ? { until: Math.max(...ends) } : undefined;
    },
  };
}
export type SubscriptionAccess = ReturnType<typeof subscriptionAccess>;
