import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import { APP_VERSION, LIMITS, ROUTES } from '@mindgauge/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { type Commerce, commerce } from './composition/commerce';
import { type Env, fromRoot } from './config/env';
import { type Db, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { installErrorHandler, sendError } from './http/error-handler';
import { healthRoute } from './http/health-route';
import { redactUrl } from './http/redact-url';
import { responseSerializerCompiler } from './http/response-serializer';
import { registerSecurityHeaders } from './http/security';
import { registerStaticWeb } from './http/static-web';
import { createTranslator } from './i18n/translator';
import { getOrCreateSecret } from './lib/app-secrets';
import { type Clock, OffsetClock, systemClock } from './lib/clock';
import { reportLinks } from './lib/report-links';
import { createTtlCache } from './lib/ttl-cache';
import { appRoutes } from './modules/app-routes';
import { seedCatalog } from './modules/checkout/catalog-seed-repository';
import { contentRepository } from './modules/content/content-repository';
import { seedContent } from './modules/content/content-seed-repository';
import { contentService } from './modules/content/content-service';
import { clockControlRoutes } from './modules/dev/clock-control-routes';
import { examRepository } from './modules/exam/exam-repository';
import { examRoutes } from './modules/exam/exam-routes';
import { examService } from './modules/exam/exam-service';
import { orderEmailChange } from './modules/exam/order-email-change';
import { seedPackages } from './modules/extras/extras-seed-repository';
import { labRepository } from './modules/lab/lab-repository';
import { labRoutes } from './modules/lab/lab-routes';
import { labService } from './modules/lab/lab-service';
import { devMailboxRoutes } from './modules/mail/dev-mailbox-routes';
import { createMailWorker } from './modules/mail/mail-worker';
import { outboxRepository } from './modules/mail/outbox-repository';
import { localTransport } from './modules/mail/transports/local-transport';
import type { MailTransport } from './modules/mail/transports/mail-transport';
import { smtpTransport } from './modules/mail/transports/smtp-transport';
import { SANDBOX_PREFIX } from './modules/payments/providers/sandbox-provider';
import { reportFileRoutes } from './modules/pdf/report-file-routes';
import { type ReportFiles, reportFiles } from './modules/pdf/report-files';
import { reportRoutes } from './modules/report/report-routes';
import { shareRepository } from './modules/share/share-repository';
import { shareRoutes } from './modules/share/share-routes';
import { shareService } from './modules/share/share-service';
import { seedPlans } from './modules/subscriptions/plans-seed-repository';
import { trackingRepository } from './modules/tracking/tracking-repository';
import { trackingService } from './modules/tracking/tracking-service';

/** The shared result's page (its scope follows), whose HTML carries Open Graph tags. */
const SHARE_PAGE = ROUTES.reportShare.paths[0].replace(':scope', '');

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count becomes "trust the n nearest hops" (Fastify itself
 * refuses to trust on a bare number, since it cannot check the nearest peer; the README says a hop count is
 * for a server reachable only through its proxies). Never `true`: env.ts refuses it.
 */
function trustProxyOf(trust: Env['TRUST_PROXY']): false | string[] | ((addr: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_addr, hop) => hop < trust : trust;
}

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
  checkout: Commerce;
  /** The report's PDF files (the benchmark renders their document model side by side with Chromium). */
  files: ReportFiles;
}

/**
 * Builds the whole server without listening: tests call it and use `inject`; server.ts listens. Migrates
 * and seeds the database first (both are idempotent and safe on several instances at once).
 */
export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { env } = options;
  const clock = options.clock ?? (env.CLOCK_CONTROL ? new OffsetClock() : systemClock);
  const db = options.db ?? openDatabase(env.DATABASE_URL, env.DATABASE_POOL_MAX);
  const translator = createTranslator();

  await migrateToLatest(db);
  if (env.SEED_CONTENT) {
    await seedContent(db.kysely, translator, clock.now());
    await seedCatalog(db.kysely, translator, clock.now());
    await seedPlans(db.kysely);
    await seedPackages(db.kysely);
  }

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            serializers: {
              req: (req: {
                method: string;
                url: string;
                host?: string;
                ip?: string;
                socket?: { remotePort?: number };
              }) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    bodyLimit: LIMITS.bodyBytesMax,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  // Nothing is acknowledged before it is on disk: a response waits for the group commit of the writes made
  // so far (one shared WAL sync on SQLite, nothing to wait for on PostgreSQL). Decision 0010.
  // (A callback hook: the common case, nothing to wait for, costs no promise.)
  app.addHook('onSend', (_req, _reply, payload, done) => {
    if (db.isDurable()) return done(null, payload);
    db.durable().then(
      () => done(null, payload),
      (err: Error) => done(err),
    );
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  installErrorHandler(app, translator);

  const mailDomain = new URL(env.PUBLIC_URL).hostname || 'localhost';
  const mailTransport =
    options.mailTransport ??
    (env.MAIL_TRANSPORT === 'smtp' && env.SMTP_URL
      ? smtpTransport(env.SMTP_URL)
      : localTransport(db.kysely, () => clock.now()));
  const mailWorker = createMailWorker({
    repo: outboxRepository(db.kysely),
    transport: mailTransport,
    translator,
    clock,
    from: env.MAIL_FROM,
    siteUrl: env.PUBLIC_URL,
    maxAttempts: env.MAIL_MAX_ATTEMPTS,
    intervalMs: env.MAIL_WORKER_INTERVAL_MS,
    log: app.log,
  });

  const deps: AppDeps = {
    env,
    db,
    clock,
    translator,
    content: contentService(contentRepository(db.kysely), translator, createTtlCache(clock, 60_000)),
    tracking: trackingService(trackingRepository(db.kysely)),
    mailTransport,
    mailWorker,
    mailDomain,
  };

  registerSecurityHeaders(app, env.PUBLIC_URL, [`${env.API_BASE_PATH}/`, `${env.PAY_BASE_PATH}/`], {
    stripe: env.CARD_PROVIDER === 'stripe',
  });
  // Brotli at a fast level, only where it pays: large dynamic responses ask for it (`reply.compress`, the
  // 150 KB test form travels as 8 KB). Small JSON would only pay the hooks; the web app's files are
  // compressed once at build time and served as they are (see static-web.ts).
  await app.register(fastifyCompress, {
    global: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie, { secret: await getOrCreateSecret(db.kysely, 'cookie', clock.now()) });
  // A per-instance flood guard. Limits that must hold across instances (anything that sends e-mail or
  // checks a secret) are kept in the database instead: see modules/rate-limit.
  const limited = [env.API_BASE_PATH, env.PAY_BASE_PATH, '/dev/', SANDBOX_PREFIX];
  await app.register(rateLimit, {
    max: env.RATE_LIMIT_MAX,
    // Static files of the web app are not worth guarding; API calls are.
    allowList: (req) => !limited.some((p) => req.url.startsWith(p)),
    // Headers only where they help: on the 429 itself (with retry-after), not on every response.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    timeWindow: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
    errorResponseBuilder: (_req, ctx) => Object.assign(new Error('rate limited'), { statusCode: ctx.statusCode }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Mindgauge API',
        version: APP_VERSION,
        description: 'Every endpoint of the product spec, section 7.',
      },
    },
    transform: jsonSchemaTransform,
  });

  const bases = { api: env.API_BASE_PATH, pay: env.PAY_BASE_PATH };
  healthRoute(app, db);
  app.get(`${bases.api}/openapi.json`, async () => app.swagger());
  await app.register(async (scope) => appRoutes(scope, bases, deps));
  // One secret signs every report link (e-mails after payment, retrieval) and checks them (report endpoints).
  const reportLinkSecret = await getOrCreateSecret(db.kysely, 'report-links', clock.now());
  const links = reportLinks({ publicUrl: env.PUBLIC_URL, secret: reportLinkSecret, days: env.REPORT_LINK_DAYS, clock });
  const exam = examService({
    repo: examRepository(db.kysely),
    content: deps.content,
    translator,
    clock,
    // Rendered forms: ~150 KB each, rebuilt from the seed on a miss.
    formCache: createTtlCache(clock, 30 * 60_000, 200),
    statsCache: createTtlCache(clock, 5 * 60_000),
    minCountrySample: env.MIN_COUNTRY_SAMPLE,
    reportLinkSecret,
  });
  const emailChange = orderEmailChange({
    repo: examRepository(db.kysely),
    db: db.kysely,
    clock,
    secret: reportLinkSecret,
    links,
    mailDomain,
    kickMail: mailWorker.kick,
  });
  await app.register(async (scope) =>
    examRoutes(scope, bases, exam, emailChange, {
      secure: env.PUBLIC_URL.startsWith('https://'),
      countryHeader: env.COUNTRY_HEADER,
    }),
  );
  const checkout = await commerce(app, bases, deps, links, reportLinkSecret, exam.forgetReport);
  await app.register(async (scope) => reportRoutes(scope, bases, deps, links, reportLinkSecret));
  const reportDeps = {
    db: db.kysely,
    exams: examRepository(db.kysely),
    examService: exam,
    translator,
    clock,
    publicUrl: env.PUBLIC_URL,
    reportLinkSecret,
  };
  const lab = labService({ ...reportDeps, labs: labRepository(db.kysely) });
  await app.register(async (scope) => labRoutes(scope, bases, lab));
  const files = reportFiles(reportDeps, lab);
  await app.register(async (scope) => reportFileRoutes(scope, bases, files));
  const share = shareService({ ...reportDeps, apiBase: bases.api, shares: shareRepository(db.kysely) });
  await app.register(async (scope) => shareRoutes(scope, bases, share));
  if (mailTransport.name === 'local') await app.register(async (scope) => devMailboxRoutes(scope, db.kysely));
  if (clock instanceof OffsetClock) {
    app.log.warn('CLOCK_CONTROL is on: POST /dev/clock/advance moves this server’s time (tests only)');
    await app.register(async (scope) => clockControlRoutes(scope, clock, [checkout.scheduler], mailWorker));
  }

  const web = env.SERVE_WEB
    ? await registerStaticWeb(
        app,
        fromRoot(env.WEB_DIST_DIR),
        {
          apiBase: bases.api,
          payBase: bases.pay,
          publicUrl: env.PUBLIC_URL,
          devMailbox: mailTransport.name === 'local',
          testMode: env.testMode,
        },
        (locale) => ({
          description: translator.t(locale, 'common:brand.description'),
          noscript: translator.t(locale, 'common:brand.noscript'),
        }),
        async (req) => {
          // A shared result's page carries its Open Graph tags (crawlers run no script).
          const id = (req.query as { id?: unknown }).id;
          return req.url.startsWith(SHARE_PAGE) && typeof id === 'string' && /^[A-Za-z0-9_-]{22}$/.test(id)
            ? share.headFor(id)
            : '';
        },
      )
    : undefined;

  const apiPrefixes = [bases.api, bases.pay, '/dev/', '/healthz', SANDBOX_PREFIX];
  app.setNotFoundHandler((req, reply) => {
    const isApi = apiPrefixes.some((p) => req.url === p || req.url.startsWith(p.endsWith('/') ? p : `${p}/`));
    if (web && !isApi && (req.method === 'GET' || req.method === 'HEAD')) {
      return web
        .sendIndex(req)
        .then((html) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html));
    }
    return sendError(reply, req, translator, 'NOT_FOUND');
  });

  app.addHook('onClose', async () => {
    await checkout.stopJobs();
    await mailWorker.stop();
    await mailTransport.close();
    if (!options.db) await db.close();
  });

  return { app, deps, checkout, files };
}
