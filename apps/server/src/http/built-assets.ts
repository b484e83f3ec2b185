import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type CompressedEncoding, preferredEncoding } from './accept-encoding';

/**
 * The build's hashed assets (`dist/assets`: the app's scripts, styles and source maps), served from memory.
 *
 * A fresh visitor's first page asks for about 35 of them. Served from disk (`@fastify/static`: a stat, an
 * open, reads and a close on libuv's thread pool, a stream per response) each cost the server about 330 µs of
 * CPU, about 11 ms a visitor, a quarter of what the whole test and payment cost it (issue 14). Their names
 * carry a hash of their content and the build does not change while the server runs, so each file is read once,
 * with the `.br` and `.gz` the build wrote beside it, and kept (bounded by bytes: a build is about 10 MB).
 */

/** The representations of one asset, as read: identity, and the compressed ones the build wrote. */
interface Asset {
  type: string;
  lastModified: string;
  variants: Partial<Record<Encoding, { body: Buffer; etag: string }>>;
}

type Encoding = CompressedEncoding | 'identity';
const COMPRESSED: { encoding: CompressedEncoding; suffix: string }[] = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

/** The types the web build emits under `assets/`; anything else is sent as bytes. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** A hashed file's caching: its name changes with its content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

async function readAsset(dir: string, name: string): Promise<Asset> {
  const file = path.join(dir, name);
  const variants: Asset['variants'] = {};
  const read = async (encoding: Encoding, p: string) => {
    const [body, stat] = await Promise.all([fs.promises.readFile(p), fs.promises.stat(p)]);
    // The same validator scheme as @fastify/send (size and modification time), one per representation.
    variants[encoding] = { body, etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"` };
    return stat;
  };
  const identity = await read('identity', file);
  await Promise.all(
    COMPRESSED.map(({ encoding, suffix }) => read(encoding, file + suffix).catch(() => undefined /* not written */)),
  );
  return {
    type: TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
    lastModified: identity.mtime.toUTCString(),
    variants,
  };
}

/** The representation for this request: brotli, then gzip, when the client takes it and the build wrote it. */
function negotiate(asset: Asset, acceptEncoding: string | string[] | undefined): Encoding {
  const written = COMPRESSED.flatMap(({ encoding }) => (asset.variants[encoding] ? [encoding] : []));
  return preferredEncoding(acceptEncoding, written);
}

/**
 * Registers `GET /assets/<name>` (and HEAD) for each file in `assetsDir`, listed once at start-up: one route per
 * file, as `@fastify/static` does with `wildcard: false`, so a name not in the build falls through to the app's
 * own answer for unknown paths. Returns the names of the assets it serves (their .br and .gz forms are not
 * assets of their own: they answer for their asset by Accept-Encoding). The disk server
 * leaves the whole folder to this one.
 */
export function registerBuiltAssets(app: FastifyInstance, assetsDir: string, maxBytes = 64 * 1024 * 1024): string[] {
  if (!fs.existsSync(assetsDir)) return [];
  const cache = new LRUCache<string, Asset>({
    maxSize: maxBytes,
    sizeCalculation: (a) => Object.values(a.variants).reduce((n, v) => n + (v?.body.length ?? 0), 0) || 1,
    // Concurrent first requests for one file share one read.
    fetchMethod: (name) => readAsset(assetsDir, name),
  });
  const send = async (name: string, req: FastifyRequest, reply: FastifyReply) => {
    const asset = await cache.fetch(name);
    if (!asset) return reply.callNotFound();
    const encoding = negotiate(asset, req.headers['accept-encoding']);
    const variant = asset.variants[encoding]!;
    reply.header('cache-control', IMMUTABLE).header('last-modified', asset.lastModified).header('etag', variant.etag);
    if (Object.keys(asset.variants).length > 1) reply.header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    if (req.headers['if-none-match'] === variant.etag) return reply.code(304).send();
    return reply.type(asset.type).send(variant.body);
  };
  const served: string[] = [];
  for (const entry of fs.readdirSync(assetsDir, { withFileTypes: true })) {
    const { name } = entry;
    // The compressed files are representations of their asset, not assets of their own.
    if (!entry.isFile() || name.endsWith('.br') || name.endsWith('.gz')) continue;
    if (!/^[\w.-]+$/.test(name)) {
      // Vite's names ([name]-[hash].ext) never need it; a route path could not spell this one as it is.
      app.log.warn({ name }, 'a built asset with an unexpected name is not served');
      continue;
    }
    app.get(`/assets/${name}`, (req, reply) => send(name, req, reply));
    served.push(name);
  }
  return served;
}
