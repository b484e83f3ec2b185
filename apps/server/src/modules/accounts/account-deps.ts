import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Translator } from '../../i18n/translator';
import type { Clock } from '../../lib/clock';
import type { ExamRecords } from '../exam/exam-records';
import type { VipStatus } from '../extras/vip-status';
import type { RateLimiter } from '../rate-limit/consume-rate-limit';
import type { AccountsRepository } from './accounts-repository';
import type { SigninLinks } from './signin-links';

/** What the accounts module's services are built from (once, in the plugin). */
export interface AccountDeps {
  db: Kysely<Database>;
  /** Rate limits (the rate-limit module's service). */
  limits: RateLimiter;
  repo: AccountsRepository;
  exams: ExamRecords;
  vip: VipStatus;
  clock: Clock;
  translator: Translator;
  publicUrl: string;
  mailDomain: string;
  kickMail: () => void;
  /** Keys the HMAC of e-mailed codes. */
  codeSecret: string;
  links: SigninLinks;
}
