import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { countHit } from './rate-limit-repository';

export interface RateRule {
  /** What is limited, e.g. `support:ip`. */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * Limits anything that sends e-mail or checks a secret. Kept in the database, not in memory, so the limit
 * holds across restarts and across every instance behind a load balancer.
 */
export async function consumeRateLimit(
  db: Kysely<Database>,
  rule: RateRule,
  subject: string,
  now: number,
): Promise<void> {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const count = await countHit(db, `${rule.name}:${subject.toLowerCase()}`, windowStart);
  if (count > rule.max) throw new AppError('RATE_LIMITED');
}
