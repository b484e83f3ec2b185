import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { LOCALE_COOKIE, type Locale, resolveLocale } from '@mindgauge/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TestPart } from '../config/env';
import { escapeHtml } from '../modules/mail/escape-html';
import type { PixelConfig } from '../modules/tracking/pixel-config';
import type { Continent } from '../modules/tracking/visitor-region';

/** The page's own words before any script runs: its description and the no-script notice, in a language. */
export interface ShellTexts {
  description: string;
  noscript: string;
}

export interface PublicConfig {
  apiBase: string;
  payBase: string;
  publicUrl: string;
  devMailbox: boolean;
  /** Simulated parts switched on for a test deployment: the web shows a banner on every page. */
  testMode: TestPart[];
  /** The spec's runtime mode (APP_MODE). */
  mode: string;
  /** The configured ad pixels (public ids only). */
  pixels: PixelConfig;
}

/**
 * Per-request facts about the visitor the page needs before any call: the continent for the ad consent
 * rule. A tag of its own, so the shared config stays one string built at start-up.
 */
export function visitorMeta(continent: Continent): string {
  return `<meta name="mindgauge-visitor" content="${escapeHtml(JSON.stringify({ continent }))}">`;
}

/** The page's language before any script runs, so screen readers announce the right one. */
export function documentLocale(req: FastifyRequest): Locale {
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
export async function registerStaticWeb(
  app: FastifyInstance,
  distDir: string,
  config: PublicConfig,
  /** The shell's texts in a language (the built index.html carries English). */
  textsFor: (locale: Locale) => ShellTexts,
  /** Tags some pages need in their <head> before any script runs (a shared result's Open Graph tags). */
  headFor?: (req: FastifyRequest) => Promise<string>,
) {
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

  const sendIndex = async (req: FastifyRequest) => {
    const locale = documentLocale(req);
    const texts = textsFor(locale);
    const page = template
      .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
      .replace(
        /<meta name="description" content="[^"]*"/,
        `<meta name="description" content="${escapeHtml(texts.description)}"`,
      )
      .replace(/<noscript>[^<]*<\/noscript>/, `<noscript>${escapeHtml(texts.noscript)}</noscript>`);
    const head = headFor ? await headFor(req) : '';
    return head ? page.replace('</head>', `${head}</head>`) : page;
  };
  app.get('/', async (req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await sendIndex(req)),
  );
  return { sendIndex };
}
