import { LIMITS } from '@mindgauge/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from '../config/env';
import type { Db } from '../db/database';
import type { Translator } from '../i18n/translator';
import { installErrorHandler } from './error-handler';
import { redactUrl } from './redact-url';
import { responseSerializerCompiler } from './response-serializer';

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count becomes "trust the n nearest hops" (Fastify itself
 * refuses to trust on a bare number, since it cannot check the nearest peer; the README says a hop count is
 * for a server reachable only through its proxies). Never `true`: env.ts refuses it.
 */
function trustProxyOf(trust: Env['TRUST_PROXY']): false | string[] | ((addr: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_addr, hop) => hop < trust : trust;
}

/**
 * One JSON line per request, written when it completes (with the request, the status and the time), instead
 * of Fastify's two ("incoming request", then "request completed"): at the default level the second line
 * halved throughput (issue 14).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const line = { req, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** The Fastify instance: logging (cookies, authorization and link tokens kept out), limits, validation, errors. */
export function createHttpServer(
  env: Env,
  db: Db,
  translator: Translator,
  /** pino options, or false for silence (tests). */
  logger: boolean | Record<string, unknown> | undefined,
): FastifyInstance {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            // The request serializer below copies five fields and no header, so cookies and authorization
            // never reach a line (pino's `redact` on them scanned every line for nothing: ~5% of a cached read).
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
            ...(typeof logger === 'object' ? logger : {}),
          },
    logController: new OneLinePerRequest(),
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
  return app;
}
