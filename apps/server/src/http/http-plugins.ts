import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import { APP_VERSION } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Env } from '../config/env';
import type { Db } from '../db/database';
import { secretKeys } from '../lib/app-secrets';
import type { Clock } from '../lib/clock';
import { SANDBOX_PREFIX } from '../modules/payments/providers/sandbox-provider';
import type { CspSources } from '../modules/tracking/pixel-config';
import { COMPRESSION_THRESHOLD_BYTES } from './compressed-pages';
import { registerCrossSiteGuard } from './cross-site-guard';
import { registerSecurityHeaders } from './security';

/** The HTTP layer every route shares: security headers, compression, signed cookies, the flood guard, OpenAPI. */
export async function registerHttpPlugins(
  app: FastifyInstance,
  env: Env,
  db: Db,
  clock: Clock,
  /** The ad pixels' sources the CSP must allow (tracking's pixel config). */
  pixels: CspSources,
): Promise<void> {
  registerSecurityHeaders(app, env.PUBLIC_URL, [`${env.API_BASE_PATH}/`, `${env.PAY_BASE_PATH}/`], {
    stripe: env.CARD_PROVIDER === 'stripe',
    pixels,
  });
  registerCrossSiteGuard(app, env.PUBLIC_URL, [SANDBOX_PREFIX, `${env.PAY_BASE_PATH}/pay/webhook/`]);
  // Brotli at a fast level, only where it pays: large dynamic responses ask for it (`reply.compress`, the
  // 150 KB test form travels as 8 KB). Small JSON would only pay the hooks; the web app's files are
  // compressed once at build time and served as they are (see static-web.ts).
  await app.register(fastifyCompress, {
    global: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie, {
    secret: await secretKeys(db.kysely, 'cookie', clock.now(), env.SECRET_COOKIE),
  });
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
}
