import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Translator } from '../../i18n/translator';
import type { Clock } from '../../lib/clock';
import type { SecretKeys } from '../../lib/signed-token';
import type { ExamOrders } from '../exam/exam-orders';
import type { ExamService } from '../exam/exam-service';
import type { RateLimiter } from '../rate-limit/consume-rate-limit';

/** What the services built on a paid report need (its files, its share links): one object, built once. */
export interface ReportDeps {
  db: Kysely<Database>;
  /** Rate limits (the rate-limit module's service). */
  limits: RateLimiter;
  exams: ExamOrders;
  examService: ExamService;
  translator: Translator;
  clock: Clock;
  publicUrl: string;
  /** Checks e-mailed report links' tokens. */
  reportLinkSecret: SecretKeys;
}
