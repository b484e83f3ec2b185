import { AppError } from '../../lib/app-error';
import type { RateLimitRepository } from './rate-limit-repository';

export interface RateRule {
  /** What is limited, e.g. `support:ip`. */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * Limits anything that sends e-mail or checks a secret. Kept in the database (through the rate-limit
 * repository, never a raw handle), not in memory, so the limit holds across restarts and across every instance
 * behind a load balancer. The window slides: the previous fixed window's hits count in proportion to how much
 * of it still lies within the last `windowMs`, so a burst just before a boundary and another just after it are
 * counted together.
 */
export function rateLimiter(repo: Pick<RateLimitRepository, 'countHit'>) {
  return {
    /** Counts one hit of `subject` under `rule`; over the limit, RATE_LIMITED. */
    async consume(rule: RateRule, subject: string, now: number): Promise<void> {
      const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
      const { current, previous } = await repo.countHit(
        `${rule.name}:${subject.toLowerCase()}`,
        windowStart,
        rule.windowMs,
      );
      const stillInside = (windowStart + rule.windowMs - now) / rule.windowMs;
      if (current + previous * stillInside > rule.max) throw new AppError('RATE_LIMITED');
    },
  };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;
