import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps';
import { type Commerce, commerce } from './composition/commerce';
import { type OperatorConsole, operatorConsole } from './composition/console';
import { type Growth, growth } from './composition/growth';
import { metrics } from './composition/metrics';
import { reports } from './composition/reports';
import { retention } from './composition/retention';
import type { Env } from './config/env';
import { type Db, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createHttpServer } from './http/create-http-server';
import { healthRoute } from './http/health-route';
import { registerHttpPlugins } from './http/http-plugins';
import { openGraphHead } from './http/open-graph';
import { spaFallback } from './http/spa-fallback';
import { createTranslator } from './i18n/translator';
import { secretKeys } from './lib/app-secrets';
import { type Clock, OffsetClock, systemClock } from './lib/clock';
import { reportLinks } from './lib/report-links';
import { createTtlCache } from './lib/ttl-cache';
import { type AccountsModule, registerAccounts } from './modules/accounts/accounts-plugin';
import { appRoutes } from './modules/app-routes';
import { seedCatalog } from './modules/checkout/catalog-seed-repository';
import { contentRepository } from './modules/content/content-repository';
import { seedContent } from './modules/content/content-seed-repository';
import { contentService } from './modules/content/content-service';
import { clockControl } from './modules/dev/clock-control';
import { examModule } from './modules/exam/exam-module';
import type { FormPool } from './modules/exam/form-pool';
import { seedPackages } from './modules/extras/extras-seed-repository';
import { devMailboxRoutes } from './modules/mail/dev-mailbox-routes';
import { mailModule } from './modules/mail/mail-module';
import type { MailTransport } from './modules/mail/transports/mail-transport';
import { membersModule } from './modules/members/members-module';
import { installRequestMetrics } from './modules/metrics/metrics-routes';
import type { ReportFiles } from './modules/pdf/report-files';
import { rateLimiter } from './modules/rate-limit/consume-rate-limit';
import { rateLimitRepository } from './modules/rate-limit/rate-limit-repository';
import type { RetentionJob } from './modules/retention/retention-job';
import { seedReviews } from './modules/reviews/reviews-seed-repository';
import { seedPlans } from './modules/subscriptions/plans-seed-repository';
import { pixelConfigOf, pixelCspSources } from './modules/tracking/pixel-config';
import { trackingRepository } from './modules/tracking/tracking-repository';
import { trackingService } from './modules/tracking/tracking-service';

export interface BuildOptions {
  env: Env;
  db?: Db;
  clock?: Clock;
  mailTransport?: MailTransport;
  /** pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** New test sessions' forms, drawn ahead on a worker thread (tests watch the pool fill). */
  forms: FormPool;
  checkout: Commerce;
  /** The report's PDF files (the benchmark renders their document model side by side with Chromium). */
  files: ReportFiles;
  /** The accounts module's hooks (the buyer's sign-in link). */
  accounts: AccountsModule;
  /** The daily retention job (started by server.ts; tests run its passes themselves). */
  retention: RetentionJob;
  /** The operator's console (the operator command grants the role through it). */
  console: OperatorConsole;
  /** Issue 20: the form, social proof, reviews (the console's moderation functions), server-side conversions. */
  growth: Growth;
}

/**
 * Builds the whole server without listening: tests call it and use `inject`; server.ts listens. Migrates
 * and seeds the database first (both are idempotent and safe on several instances at once). Composes only:
 * each module builds itself and registers its routes.
 */
export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { env } = options;
  const clock = options.clock ?? (env.CLOCK_CONTROL ? new OffsetClock(env.CLOCK_OFFSET_MS) : systemClock);
  const db = options.db ?? openDatabase(env.DATABASE_URL, env.DATABASE_POOL_MAX);
  const translator = createTranslator();

  await migrateToLatest(db);
  if (env.SEED_CONTENT) {
    await seedContent(db.kysely, translator, clock.now());
    await seedCatalog(db.kysely, clock.now());
    await seedPlans(db.kysely);
    await seedPackages(db.kysely);
    await seedReviews(db.kysely, translator, clock.now());
  }

  const app = createHttpServer(env, db, translator, options.logger);
  // Counted from the first request on (its hooks go in before any route).
  const requestStats = env.METRICS_TOKEN ? installRequestMetrics(app) : undefined;
  const mail = mailModule({ env, db, clock, translator, log: app.log, transport: options.mailTransport });
  const { mailTransport, mailWorker } = mail;
  const deps: AppDeps = {
    env,
    db,
    clock,
    translator,
    content: contentService(contentRepository(db.kysely), translator, createTtlCache(clock, 60_000)),
    tracking: trackingService(trackingRepository(db.kysely)),
    mailTransport,
    mailWorker,
    mailDomain: mail.mailDomain,
    limits: rateLimiter(rateLimitRepository(db.kysely)),
  };
  const pixels = pixelConfigOf(env);
  await registerHttpPlugins(app, env, db, clock, pixelCspSources(pixels));

  const bases = { api: env.API_BASE_PATH, pay: env.PAY_BASE_PATH };
  healthRoute(app, db);
  app.get(`${bases.api}/openapi.json`, async () => app.swagger());
  await app.register(async (scope) => appRoutes(scope, bases, deps));
  const accounts = await registerAccounts(app, bases, deps);
  // One secret signs every report link (e-mails after payment, retrieval) and checks them (report endpoints).
  const reportLinkSecret = await secretKeys(db.kysely, 'report-links', clock.now(), env.SECRET_REPORT_LINKS);
  const links = reportLinks({ publicUrl: env.PUBLIC_URL, secret: reportLinkSecret, days: env.REPORT_LINK_DAYS, clock });
  const members = await membersModule(app, bases, deps, accounts);
  const exam = await examModule(app, bases, deps, links, reportLinkSecret, members.reportDimensions);
  const checkout = await commerce(app, bases, deps, links, reportLinkSecret, exam.forgetReport, accounts);
  const { files, share } = await reports(app, bases, deps, exam, links, reportLinkSecret, checkout.paid);
  const grown = await growth(app, bases, deps, exam, checkout.paid, reportLinkSecret);
  const operator = await operatorConsole(app, bases, deps, {
    accounts,
    checkout,
    links,
    forgetReport: exam.forgetReport,
    growth: grown,
  });
  if (mailTransport.name === 'local') await app.register(async (scope) => devMailboxRoutes(scope, db.kysely));
  await metrics(app, deps, requestStats);
  await clockControl(app, clock, [checkout.scheduler], mailWorker);
  await spaFallback(app, {
    env,
    bases,
    translator,
    devMailbox: mailTransport.name === 'local',
    pixels,
    headFor: openGraphHead(share),
  });

  const retentionJob = retention(deps, app.log);

  app.addHook('onClose', async () => {
    await retentionJob.stop();
    await checkout.stopJobs();
    await grown.stopJobs();
    await mailWorker.stop();
    await mailTransport.close();
    if (!options.db) await db.close();
  });

  return {
    app,
    deps,
    checkout,
    files,
    accounts,
    retention: retentionJob,
    console: operator,
    growth: grown,
    forms: exam.forms,
  };
}
