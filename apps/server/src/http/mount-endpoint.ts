import { type EndpointData, type EndpointDef, type Locale, RESULT_OK, ZApiError } from '@mindgauge/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type * as zc from 'zod/v4/core';
import { acceptsBrotli, brotliHead, brotliRawTail } from './brotli-head';
import { requestLocale } from './request-locale';
import { successSchemaOf } from './response-serializer';

export interface BasePaths {
  api: string;
  pay: string;
}

type Out<T> = T extends zc.$ZodType ? zc.output<T> : undefined;
// biome-ignore lint/suspicious/noExplicitAny: matching any endpoint shape
type AnyZ = any;
type ParamsOf<E> = E extends EndpointDef<infer P, AnyZ, AnyZ, AnyZ> ? Out<P> : never;
type QueryOf<E> = E extends EndpointDef<AnyZ, infer Q, AnyZ, AnyZ> ? Out<Q> : never;
type BodyOf<E> = E extends EndpointDef<AnyZ, AnyZ, infer B, AnyZ> ? Out<B> : never;

export interface HandlerInput<E extends EndpointDef> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** The request's language (query hl, `language` header, Accept-Language). */
  locale: Locale;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * `data` already serialized as JSON text (large, cacheable payloads such as a test form): sent as it is,
 * inside the wrapper, without serializing it again.
 */
export class RawJsonData {
  constructor(
    /** The JSON of `data`, in pieces (strings or cached buffers) that are joined without re-encoding. */
    readonly parts: readonly (string | Buffer)[],
    /**
     * When the first `parts` pieces are the same for many requests (a session's form): where their
     * brotli-compressed bytes are kept (`get` returns the cached bytes or stores what `load` makes). Only
     * the rest is new per request (see brotli-head.ts).
     */
    readonly headCache?: { parts: number; get: (load: () => Promise<Buffer>) => Promise<Buffer> },
  ) {}
}

/** A file answer (a PDF, an image): sent as its bytes with its type, not wrapped in JSON. */
export class RawFile {
  constructor(
    readonly body: Buffer,
    readonly type: string,
    /** Offered to save as (`attachment`); inline when absent. */
    readonly filename?: string,
  ) {}
}

const WRAP_START = Buffer.from(`{"result":${RESULT_OK},"data":`);
const WRAP_END = Buffer.from('}');

/**
 * Mounts one contract endpoint: its schemas validate the request, serialize the response and feed the
 * OpenAPI document; the handler returns only `data`, wrapped here as `{ result: 200, data }`.
 */
export function mountEndpoint<E extends EndpointDef>(
  app: FastifyInstance,
  bases: BasePaths,
  def: E,
  handler: (
    input: HandlerInput<E>,
  ) => Promise<EndpointData<E> | RawJsonData | RawFile> | EndpointData<E> | RawJsonData | RawFile,
  options: { rateLimit?: { max: number; timeWindow: number } } = {},
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: `${bases[def.base]}${def.path}`,
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    schema: {
      operationId: def.id,
      summary: def.summary,
      tags: def.tags,
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { 200: successSchemaOf(def.response), '4xx': ZApiError, '5xx': ZApiError },
    },
    handler: async (req, reply) => {
      const data = await handler({
        params: req.params as ParamsOf<E>,
        query: req.query as QueryOf<E>,
        body: req.body as BodyOf<E>,
        locale: requestLocale(req),
        req,
        reply,
      });
      if (data instanceof RawFile) {
        if (data.filename) reply.header('content-disposition', `attachment; filename="${data.filename}"`);
        // A Buffer bypasses the response serializer (the schema describes the JSON answers only).
        return reply
          .type(data.type)
          .header('cache-control', 'private, no-store')
          .send(data.body as unknown as { result: 200; data: unknown });
      }
      if (data instanceof RawJsonData) {
        const toBuffer = (p: string | Buffer) => (typeof p === 'string' ? Buffer.from(p) : p);
        const cache = data.headCache;
        if (cache && acceptsBrotli(req.headers['accept-encoding'])) {
          // The long head compressed once (cached per form and language), the short tail appended raw.
          const head = await cache.get(() =>
            brotliHead(Buffer.concat([WRAP_START, ...data.parts.slice(0, cache.parts).map(toBuffer)])),
          );
          const tail = brotliRawTail(Buffer.concat([...data.parts.slice(cache.parts).map(toBuffer), WRAP_END]));
          return reply
            .type('application/json; charset=utf-8')
            .header('content-encoding', 'br')
            .header('vary', 'accept-encoding')
            .send(Buffer.concat([head, tail]) as unknown as { result: 200; data: unknown });
        }
        // A Buffer payload bypasses the serializer: the bytes go out as they are.
        const body = Buffer.concat([
          WRAP_START,
          ...data.parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)),
          WRAP_END,
        ]);
        // Large by nature (a whole test form): compressed when the client accepts it.
        return reply.type('application/json; charset=utf-8').compress(body);
      }
      return { result: RESULT_OK as typeof RESULT_OK, data: data as unknown };
    },
  });
}
