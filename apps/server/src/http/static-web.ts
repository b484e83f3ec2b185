import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { LOCALE_COOKIE, type Locale, resolveLocale } from '@mindgauge/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeHtml } from '../modules/mail/escape-html';

export interface PublicConfig {
  apiBase: string;
  payBase: string;
  publicUrl: string;
  devMailbox: boolean;
}

/** The page's language before any script runs, so screen readers announce the right one. */
function documentLocale(req: FastifyRequest): Locale {
  const hl = (req.query as { hl?: unknown } | undefined)?.hl;
  if (typeof hl === 'string') return resolveLocale(hl);
  const cookie = req.cookies?.[LOCALE_COOKIE];
  if (cookie) return resolveLocale(cookie);
  return resolveLocale(req.headers['accept-language']?.split(',')[0]);
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached and sent for every
 * client route. The browser's runtime configuration (an explicit public subset) travels in a meta tag,
 * which the CSP allows, unlike an inline script.
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string, config: PublicConfig) {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` (npm start does it for you)');
    return undefined;
  }
  const template = fs
    .readFileSync(indexFile, 'utf8')
    .replace('</head>', `<meta name="mindgauge-config" content="${escapeHtml(JSON.stringify(config))}"></head>`);

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: true,
    // build-web writes .br and .gz next to every asset; the matching one is sent as it is.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const sendIndex = (req: FastifyRequest) =>
    template.replace(/<html lang="[^"]*"/, `<html lang="${documentLocale(req)}"`);
  app.get('/', (req, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(sendIndex(req)),
  );
  return { sendIndex };
}
