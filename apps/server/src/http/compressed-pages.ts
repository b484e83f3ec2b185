import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type CompressedEncoding, preferredEncoding } from './accept-encoding';
import type { ShellPage } from './static-web';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = CompressedEncoding | 'identity';

/**
 * Below this a response goes as it is: compressing it would save less than it costs. The kept pages' bound, and
 * @fastify/compress's for the API's large answers (http-plugins.ts).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** A page's bytes as sent, how they are encoded, and their validator. */
interface Kept {
  body: Buffer;
  encoding: Encoding;
  etag: string;
}

/** A strong validator of exactly these bytes (each encoding of a page has its own). */
const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Whether an If-None-Match header names this validator (weak comparison, RFC 9110 section 13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || (t.startsWith('W/') ? t.slice(2) : t) === etag;
  });
}

async function encode(html: string, wanted: Encoding): Promise<Kept> {
  const bytes = Buffer.from(html);
  if (wanted === 'identity' || bytes.length < COMPRESSION_THRESHOLD_BYTES)
    return { body: bytes, encoding: 'identity', etag: etagOf(bytes) };
  const body =
    wanted === 'br'
      ? await brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        })
      : await gzip(bytes, { level: 6 });
  return { body, encoding: wanted, etag: etagOf(body) };
}

/**
 * The pages the web app is sent in are the same bytes for many visitors: one prerendered landing in one
 * language, signed in or not, for visitors of one continent. Each is encoded once per encoding the browsers ask
 * for (compressed in zlib's thread pool) and kept; a request then only picks the form its browser accepts.
 * Building and compressing the test-centre landing (65 KB of HTML) for each request cost about 0.75 ms of CPU
 * without compression and 1 ms more with it, for the first request of every visitor a campaign sends (issue 14).
 * Brotli at quality 6 (14.9 KB against 16.4 KB at the 4 used per request, about 1.2 ms once), gzip at 6.
 * Bounded in bytes, least recently sent first out: a shared result's page carries its own Open Graph tags, so
 * pages are many, but each is small. Each kept copy has a strong ETag, so a browser revalidating its copy of an
 * unchanged page gets 304.
 */
export function compressedPages(maxBytes = 16 * 1024 * 1024) {
  const cache = new LRUCache<string, Kept, string>({
    maxSize: maxBytes,
    sizeCalculation: (kept) => Math.max(1, kept.body.length),
    // Concurrent first requests for one page share one encoding.
    fetchMethod: (key, _stale, { context: html }) => encode(html, key.slice(0, key.indexOf('\n')) as Encoding),
  });

  /** The page in the best encoding the request accepts (brotli, then gzip), else as it is. */
  return async function send(req: FastifyRequest, reply: FastifyReply, page: ShellPage): Promise<Buffer> {
    reply.header('vary', 'accept-encoding');
    const wanted = preferredEncoding(req.headers['accept-encoding'], ['br', 'gzip']);
    const key = `${wanted}\n${page.key}`;
    let kept = cache.get(key);
    if (!kept) {
      try {
        kept = await cache.fetch(key, { context: page.html() });
      } catch (err) {
        req.log.warn({ err }, 'a page could not be compressed: sent as it is');
      }
    }
    // A page that could not be compressed (nothing kept) goes as it is: never an error page for it.
    if (!kept) return Buffer.from(page.html());
    if (kept.encoding !== 'identity') reply.header('content-encoding', kept.encoding);
    // `no-cache` pages: a returning browser asks again with its copy's validator, and an unchanged page
    // costs it a few header bytes instead of the page.
    reply.header('etag', kept.etag);
    if (reply.statusCode === 200 && matches(req.headers['if-none-match'], kept.etag)) {
      reply.code(304);
      return Buffer.alloc(0);
    }
    return kept.body;
  };
}
