import type { RateRule } from '../rate-limit/consume-rate-limit';

const MINUTE = 60_000;

/** Answer checks compare with a key the member has not seen: limited per account like every secret check. */
export const ANSWER_RULE: RateRule = { name: 'members-answer:account', max: 300, windowMs: 10 * MINUTE };
/** Starting tasks writes rows: limited so a script cannot fill the table. */
export const START_RULE: RateRule = { name: 'members-start:account', max: 60, windowMs: 10 * MINUTE };
/** Results listed per task on the members' page (newest first). */
export const RESULTS_SHOWN = 20;
/** An attempt not finished within a day is dropped. */
export const ATTEMPT_TTL_MS = 24 * 60 * MINUTE;
/** The training level shown first. */
export const DEFAULT_TRAINING_LEVEL = 3;
