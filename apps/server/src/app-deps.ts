import type { Env } from './config/env';
import type { Db } from './db/database';
import type { Translator } from './i18n/translator';
import type { Clock } from './lib/clock';
import type { ContentService } from './modules/content/content-service';
import type { MailWorker } from './modules/mail/mail-worker';
import type { MailTransport } from './modules/mail/transports/mail-transport';
import type { RateLimiter } from './modules/rate-limit/consume-rate-limit';
import type { trackingService } from './modules/tracking/tracking-service';

/** What the routes are built from; tests build it with their own database, clock and transport. */
export interface AppDeps {
  env: Env;
  db: Db;
  clock: Clock;
  translator: Translator;
  content: ContentService;
  tracking: ReturnType<typeof trackingService>;
  mailTransport: MailTransport;
  mailWorker: MailWorker;
  /** The domain part of Message-IDs. */
  mailDomain: string;
  /** Rate limits (issue 13), over the rate-limit module's repository: no module gets a raw handle for them. */
  limits: RateLimiter;
}
