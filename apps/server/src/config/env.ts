import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The repository root, so relative defaults work whatever the working directory. The production bundle
 * (scripts/build-server.mjs) keeps each module's own import.meta.url, so this holds there too.
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Named ranges Fastify's trustProxy (proxy-addr) understands besides addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address or CIDR (`10.0.0.0/8`, `fd00::/8`) a proxy sends from. */
function isAddressOrCidr(value: string): boolean {
  if (NAMED_RANGES.has(value)) return true;
  const [ip, bits, extra] = value.split('/');
  const family = isIP(ip ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * Which proxies' `X-Forwarded-For` to believe: none (`false`), a hop count (`1` behind one load balancer),
 * or the proxies' addresses/CIDRs. Never "every hop" (`true`): then any client writes its own address and
 * escapes every per-client limit.
 */
const trustProxy = z.string().transform((v, ctx): false | number | string[] => {
  const value = v.trim();
  if (value === 'false' || value === '0' || value === 'no') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  if (value === 'true' || value === 'yes') {
    ctx.addIssue({
      code: 'custom',
      message:
        'trusting every hop lets any client forge X-Forwarded-For; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  const list = value.split(',').map((s) => s.trim());
  const bad = list.filter((s) => !isAddressOrCidr(s));
  if (bad.length > 0) {
    ctx.addIssue({ code: 'custom', message: `not a hop count nor an address or CIDR: ${bad.join(', ')}` });
    return z.NEVER;
  }
  return list;
});

/**
 * Signing keys given by the operator (e.g. from a secret manager) instead of the ones generated into the
 * database: comma-separated, the first signs and every one verifies, so a new key goes first and the old one
 * stays listed for a grace period (rotation).
 */
const signingKeys = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((k) => k.trim())
      .filter((k) => k.length > 0),
  )
  .refine((keys) => keys.length > 0 && keys.every((k) => k.length >= 32), 'each key needs at least 32 characters');

/** An ad provider's public id: optional, and checked so a typo fails at start-up, not silently in the pixel. */
const pixelId = (re: RegExp, what: string) => z.string().regex(re, `must be ${what}`).optional();

const basePath = z.string().regex(/^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/, 'must start with / and not end with /');

/**
 * Every environment variable the server reads, with its default. This is the only file that reads
 * process.env; the README's configuration table mirrors it.
 */
export const ZEnv = z
  .object({
    /** `production` refuses test parts (local mailbox, sandbox payments) unless their switch says so. */
    NODE_ENV: z.string().default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z.string().default('sqlite:data/mindgauge.db'),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    API_BASE_PATH: basePath.default('/api'),
    PAY_BASE_PATH: basePath.default('/api-pay'),
    SERVE_WEB: bool.default(true),
    WEB_DIST_DIR: z.string().default('apps/web/dist'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxy.default(false),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    MAIL_TRANSPORT: z.enum(['local', 'smtp']).default('local'),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Mindgauge <no-reply@mindgauge.localhost>'),
    SUPPORT_EMAIL: z.email().default('support@mindgauge.localhost'),
    MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    /** SMTP connections kept open and reused (nodemailer's pool); the worker sends over them at once. */
    SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(10),
    /** How many e-mails one worker pass claims and sends concurrently (at most this many in flight). */
    MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(20),
    /**
     * Worker threads that draw test forms (a new part, a resume the cache forgot, an answer analysis): by
     * default one per core but one (the event loop keeps a core), at least one and at most four.
     */
    FORM_DRAW_WORKERS: z.coerce
      .number()
      .int()
      .min(1)
      .max(32)
      .default(Math.min(4, Math.max(1, os.availableParallelism() - 1))),
    /** Worker threads that draw report PDFs (each holds pdfkit and the fonts, 50-150 MB). */
    PDF_RENDER_WORKERS: z.coerce.number().int().min(1).max(32).default(1),
    /** Rendered PDFs kept in the database for their next download, in MB (0 keeps none). */
    PDF_CACHE_MB: z.coerce.number().int().min(0).max(100_000).default(256),
    SEED_CONTENT: bool.default(true),
    COUNTRY_HEADER: z
      .string()
      .regex(/^[a-z0-9-]*$/, 'lower-case header name')
      .default(''),
    MIN_COUNTRY_SAMPLE: z.coerce.number().int().min(1).default(30),
    MIN_RELIABILITY_SAMPLE: z.coerce.number().int().min(2).default(100),
    /** New sessions' forms drawn ahead per language (decision 0027); tests keep a few, as they start few tests. */
    FORM_POOL_SIZE: z.coerce.number().int().min(1).max(256).default(16),
    CARD_PROVIDER: z.enum(['sandbox', 'stripe', 'none']).default('sandbox'),
    PAYPAL_PROVIDER: z.enum(['sandbox', 'paypal', 'none']).default('sandbox'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_API_BASE: z.url().optional(),
    PAYPAL_CLIENT_ID: z.string().optional(),
    PAYPAL_CLIENT_SECRET: z.string().optional(),
    PAYPAL_WEBHOOK_ID: z.string().optional(),
    PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
    OFFER_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(15),
    REPORT_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
    SANDBOX_WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
    TRIAL_REMINDER_HOURS: z.coerce.number().int().min(1).max(720).default(48),
    RENEWAL_RETRY_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    RENEWAL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
    SUBSCRIPTION_SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(50).default(60_000),
    CANCEL_LINK_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
    /** The daily retention job (decision 0026): how often each instance checks whether today's pass is done. */
    RETENTION_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
    PAGE_VIEW_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    UNFINISHED_SESSION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
    RATE_LIMIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(2),
    MAIL_BODY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    PAYMENT_EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    METRICS_TOKEN: z.string().min(16, 'needs at least 16 characters').optional(),
    SECRET_COOKIE: signingKeys.optional(),
    SECRET_REPORT_LINKS: signingKeys.optional(),
    SECRET_CANCEL_LINKS: signingKeys.optional(),
    SECRET_PAYMENT_IDS: signingKeys.optional(),
    /** The ad pixels the operator runs (README, "Tracking and consent"); each is off unless its id is set. */
    PIXEL_META_ID: pixelId(/^\d{5,20}$/, 'digits (the Meta pixel id)'),
    PIXEL_TIKTOK_ID: pixelId(/^[A-Z0-9]{10,30}$/, 'upper-case letters and digits (the TikTok pixel code)'),
    PIXEL_GOOGLE_ADS_ID: pixelId(/^AW-\d{5,20}$/, 'AW- followed by digits (the Google Ads tag id)'),
    PIXEL_GOOGLE_ADS_PURCHASE_LABEL: pixelId(/^[A-Za-z0-9_-]{4,64}$/, 'the conversion label of the purchase action'),
    PIXEL_SNAPCHAT_ID: pixelId(/^[A-Fa-f0-9-]{20,40}$/, 'the Snap pixel id (a UUID)'),
    PIXEL_MICROSOFT_ID: pixelId(/^\d{4,20}$/, 'digits (the Microsoft Advertising UET tag id)'),
    PIXEL_PINTEREST_ID: pixelId(/^\d{5,20}$/, 'digits (the Pinterest tag id)'),
    /** Tests only: load every provider's script from this origin (local stand-ins). Refused in production. */
    PIXEL_SCRIPT_ORIGIN: z
      .url()
      .transform((v) => new URL(v).origin)
      .optional(),
    /**
     * Server-side conversions (issue 20): the purchase is also sent to a provider's conversion API, with the
     * pixel's event id (the log id), when its access token is set (and its pixel id). Off otherwise.
     */
    CONVERSIONS_META_TOKEN: z
      .string()
      .regex(/^[A-Za-z0-9_-]{20,512}$/, 'must be the Conversions API access token')
      .optional(),
    /** Meta's test event code (Events Manager, "Test events"): the purchases show there instead of counting. */
    CONVERSIONS_META_TEST_CODE: z
      .string()
      .regex(/^[A-Za-z0-9]{4,32}$/, 'letters and digits')
      .optional(),
    CONVERSIONS_TIKTOK_TOKEN: z
      .string()
      .regex(/^[A-Za-z0-9_-]{20,512}$/, 'must be the Events API access token')
      .optional(),
    /** Tests only: send every provider's conversion calls to this origin (a local stand-in). Refused in production. */
    CONVERSIONS_API_ORIGIN: z
      .url()
      .transform((v) => new URL(v).origin)
      .optional(),
    CONVERSIONS_INTERVAL_MS: z.coerce.number().int().min(50).default(5000),
    CONVERSIONS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    /** The spec's runtime "mode"; a mode containing `fb` keeps ad consent denied (the spec's rule). */
    APP_MODE: z
      .string()
      .regex(/^[a-z0-9_-]{1,32}$/, 'lower-case letters, digits, - and _')
      .default('standard'),
    /** Tests only: lets the browser tests move the server's clock. Refused in production. */
    CLOCK_CONTROL: bool.default(false),
    /**
     * Tests only, with CLOCK_CONTROL: the movable clock starts this far ahead. A command run beside a test server
     * whose clock was moved (`npm run operator:create`) signs its link at the server's time, not the wall's.
     */
    CLOCK_OFFSET_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(366 * 86_400_000)
      .default(0),
    /** Production only runs simulated payments (sandbox, Stripe test keys, PayPal's sandbox) with this on. */
    ALLOW_TEST_PAYMENTS: bool.default(false),
    /** Production only keeps e-mail in the public /dev/mailbox with this on. */
    DEV_MAILBOX: bool.default(false),
  })
  .superRefine((env, ctx) => {
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when MAIL_TRANSPORT=smtp' });
    }
    const needs = (cond: boolean, keys: (keyof typeof env)[], why: string) => {
      for (const k of keys)
        if (cond && !env[k]) ctx.addIssue({ code: 'custom', path: [k], message: `is required when ${why}` });
    };
    needs(
      env.CARD_PROVIDER === 'stripe',
      ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
      'CARD_PROVIDER=stripe',
    );
    needs(
      env.PAYPAL_PROVIDER === 'paypal',
      ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'],
      'PAYPAL_PROVIDER=paypal',
    );
    if (env.NODE_ENV === 'production') refuseTestParts(env, ctx);
    if (env.PIXEL_SCRIPT_ORIGIN && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['PIXEL_SCRIPT_ORIGIN'],
        message: 'is for tests (stand-ins of the ad providers); it is refused when NODE_ENV=production',
      });
    }
    if (env.CONVERSIONS_API_ORIGIN && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['CONVERSIONS_API_ORIGIN'],
        message: 'is for tests (a stand-in of the conversion APIs); it is refused when NODE_ENV=production',
      });
    }
    if (env.CONVERSIONS_META_TOKEN && !env.PIXEL_META_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['PIXEL_META_ID'],
        message: 'is required when CONVERSIONS_META_TOKEN is set',
      });
    }
    if (env.CONVERSIONS_TIKTOK_TOKEN && !env.PIXEL_TIKTOK_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['PIXEL_TIKTOK_ID'],
        message: 'is required when CONVERSIONS_TIKTOK_TOKEN is set',
      });
    }
    if (env.PIXEL_GOOGLE_ADS_PURCHASE_LABEL && !env.PIXEL_GOOGLE_ADS_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['PIXEL_GOOGLE_ADS_ID'],
        message: 'is required when PIXEL_GOOGLE_ADS_PURCHASE_LABEL is set',
      });
    }
    if (env.CLOCK_CONTROL && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['CLOCK_CONTROL'],
        message: 'is for tests; it is refused when NODE_ENV=production',
      });
    }
    if (env.CLOCK_OFFSET_MS > 0 && !env.CLOCK_CONTROL) {
      ctx.addIssue({ code: 'custom', path: ['CLOCK_OFFSET_MS'], message: 'needs CLOCK_CONTROL (tests only)' });
    }
    if (env.API_BASE_PATH === env.PAY_BASE_PATH) {
      ctx.addIssue({ code: 'custom', path: ['PAY_BASE_PATH'], message: 'must differ from API_BASE_PATH' });
    }
  });

type ParsedEnv = z.output<typeof ZEnv>;

/** A part of the server that only pretends: visitors must be told (the test-mode banner). */
export type TestPart = 'payments' | 'mailbox';

/** Which simulated parts this configuration runs. */
function testPartsOf(env: ParsedEnv): { payments: string[]; mailbox: string[] } {
  const payments: string[] = [];
  if (env.CARD_PROVIDER === 'sandbox') payments.push('CARD_PROVIDER=sandbox (test cards unlock every report)');
  if (env.PAYPAL_PROVIDER === 'sandbox') payments.push('PAYPAL_PROVIDER=sandbox (a fake approval screen)');
  if (env.CARD_PROVIDER === 'stripe' && env.STRIPE_SECRET_KEY?.startsWith('sk_test_'))
    payments.push('STRIPE_SECRET_KEY is a test key (sk_test_…)');
  if (env.PAYPAL_PROVIDER === 'paypal' && new URL(env.PAYPAL_API_BASE).hostname.includes('sandbox'))
    payments.push(`PAYPAL_API_BASE is PayPal's sandbox (${env.PAYPAL_API_BASE}); live is https://api-m.paypal.com`);
  const mailbox =
    env.MAIL_TRANSPORT === 'local'
      ? ['MAIL_TRANSPORT=local (every e-mail, with its report link, at /dev/mailbox)']
      : [];
  return { payments, mailbox };
}

/**
 * With NODE_ENV=production a first deployment must not be open by default: the local mailbox publishes every
 * e-mail and the sandbox makes every report free. Each stays possible for a test deployment, by its switch.
 */
function refuseTestParts(env: ParsedEnv, ctx: z.RefinementCtx): void {
  const parts = testPartsOf(env);
  if (parts.payments.length && !env.ALLOW_TEST_PAYMENTS)
    ctx.addIssue({
      code: 'custom',
      path: ['ALLOW_TEST_PAYMENTS'],
      message: `NODE_ENV=production refuses simulated payments: ${parts.payments.join('; ')}. Configure real processors (CARD_PROVIDER=stripe, PAYPAL_PROVIDER=paypal or none), or set ALLOW_TEST_PAYMENTS=true for a test deployment (every page then says so)`,
    });
  if (parts.mailbox.length && !env.DEV_MAILBOX)
    ctx.addIssue({
      code: 'custom',
      path: ['DEV_MAILBOX'],
      message: `NODE_ENV=production refuses the public dev mailbox: ${parts.mailbox.join('; ')}. Set MAIL_TRANSPORT=smtp and SMTP_URL, or DEV_MAILBOX=true for a test deployment (every page then says so)`,
    });
}

export type Env = ParsedEnv & {
  PUBLIC_URL: string;
  /** Simulated parts switched on explicitly (ALLOW_TEST_PAYMENTS, DEV_MAILBOX): every page shows a banner. */
  testMode: TestPart[];
};

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment once, reporting every problem together instead of the first one. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const env = parsed.data;
  const parts = testPartsOf(env);
  const testMode: TestPart[] = [];
  if (env.ALLOW_TEST_PAYMENTS && parts.payments.length) testMode.push('payments');
  if (env.DEV_MAILBOX && parts.mailbox.length) testMode.push('mailbox');
  return { ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`, testMode };
}

/** Resolves a path from the environment against the repository root. */
export function fromRoot(p: string): string {
  return path.isAbsolute(p) ? p : path.join(REPO_ROOT, p);
}
