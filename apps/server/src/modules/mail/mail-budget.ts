import type { RateLimiter } from '../rate-limit/consume-rate-limit';

/**
 * How many e-mails a visitor's request may make one address receive in a sliding hour, whatever their kind
 * (retrieval, a report's copy, a support acknowledgement, cancel links, an address change's confirmation):
 * each kind has its own limits too, but together they must not flood an inbox (issue 13, "E-mail volume").
 * Receipts of payments are not counted: they follow a charge, not a typed address.
 */
export const MAIL_BUDGET = { name: 'mail:to', max: 5, windowMs: 3_600_000 };

/**
 * Spends one of an address's budget before a visitor-triggered e-mail is queued; over budget, RATE_LIMITED.
 * Spent whether or not the mail is then sent (e.g. no subscription to cancel), so a 429 reveals nothing.
 */
export function consumeMailBudget(limits: RateLimiter, to: string, now: number): Promise<void> {
  return limits.consume(MAIL_BUDGET, to.toLowerCase(), now);
}
