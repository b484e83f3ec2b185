import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { LOCALE_COOKIE, type Locale, resolveLocale, TOKEN_NAME } from '@mindgauge/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TestPart } from '../config/env';
import { escapeHtml } from '../modules/mail/escape-html';
import type { PixelConfig } from '../modules/tracking/pixel-config';
import type { Continent } from '../modules/tracking/visitor-region';
import { registerBuiltAssets } from './built-assets';

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
 * A request without the sign-in cookie comes from someone not signed in: the page says so, and the header
 * draws "log in" without asking the API first (apps/web current-user.ts). One request less per landing, and
 * no re-render of the header when its answer arrives. With the cookie the web asks, as the cookie may be stale.
 */
function accountHint(req: FastifyRequest): string {
  return req.cookies?.[TOKEN_NAME] ? '' : ' data-account="none"';
}

/** A gift link's code is kept by the landing's loader, which a prerendered (hydrated) landing does not run. */
const NOT_PRERENDERED_QUERY = ['gift'];

interface Prerendered {
  /**
   * The prerendered page for this request in this language, and its CSP made from the app's (the hashes of
   * its inline script and styles added), or null (the SPA shell then).
   */
  page(req: FastifyRequest, locale: Locale): { key: string; html: string; policy(csp: string): string } | null;
}

/**
 * A page for a client route. `key` names its bytes (the template, the language, the sign-in hint and the head's
 * tags: everything the page is made of), so a copy kept under it (compressed-pages.ts) can be sent without the
 * page being built again; `html()` builds it.
 */
export interface ShellPage {
  key: string;
  html(): string;
}

/**
 * The pages the web build prerendered (apps/web/src/app/prerender.tsx, scripts/prerender.mjs, decision
 * 0035): a landing or the home page in a language, its first paint needing no script. Read when first asked
 * for, then kept (they change only with a new build, which restarts the server). A URL with a parameter the
 * prerendered page cannot honour, or a build without prerendered pages, gets the SPA shell.
 */
function readPrerendered(distDir: string, prepare: (html: string) => string): Prerendered {
  const indexFile = path.join(distDir, 'prerendered/pages.json');
  if (!fs.existsSync(indexFile)) return { page: () => null };
  const { locales, pages, scriptHashes, styleHashes } = JSON.parse(fs.readFileSync(indexFile, 'utf8')) as {
    locales: string[];
    pages: Record<string, string>;
    /** The pages' one inline script (it keeps click ids in links clicked before hydration), by its hash. */
    scriptHashes?: string[];
    /** Each page's inline styles (the app's stylesheet, a landing's colours: no request before the paint). */
    styleHashes?: Record<string, string[]>;
  };
  const sources = (list: string[] | undefined) =>
    (list ?? [])
      .filter((h) => /^sha256-[A-Za-z0-9+/]+=*$/.test(h))
      .map((h) => ` '${h}'`)
      .join('');
  const withSources = (csp: string, directive: string, added: string) =>
    csp.replace(
      new RegExp(`(^|;\\s*)${directive} ([^;]*)`),
      (_m, pre: string, list: string) => `${pre}${directive} ${list}${added}`,
    );
  const scripts = sources(scriptHashes);
  const cache = new Map<string, string>();
  return {
    page(req, locale) {
      const [pathname = '', search = ''] = req.url.split('?');
      const file = Object.hasOwn(pages, pathname) ? pages[pathname] : undefined;
      if (!file || !locales.includes(locale)) return null;
      const query = new URLSearchParams(search);
      if (NOT_PRERENDERED_QUERY.some((k) => query.has(k))) return null;
      const key = `${locale}/${file}`;
      let html = cache.get(key);
      if (html === undefined) {
        html = prepare(fs.readFileSync(path.join(distDir, 'prerendered', locale, `${file}.html`), 'utf8'));
        cache.set(key, html);
      }
      // Exactly this page's inline texts and nothing else: the policy stays strict.
      const styles = sources(styleHashes?.[file]);
      return {
        key,
        html,
        policy: (csp) => withSources(withSources(csp, 'script-src', scripts), 'style-src', styles),
      };
    },
  };
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
  const configMeta = `<meta name="mindgauge-config" content="${escapeHtml(JSON.stringify(config))}">`;
  const withConfig = (html: string) => html.replace('</head>', `${configMeta}</head>`);
  const template = withConfig(fs.readFileSync(indexFile, 'utf8'));
  const prerendered = readPrerendered(distDir, withConfig);

  // The hashed assets from memory (built-assets.ts); the few other files (the icon) from disk.
  registerBuiltAssets(app, path.join(distDir, 'assets'));
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    // One route per public file, found once at start-up. A wildcard route checks each request's spelling against
    // the directory on every request (@fastify/static 10.1.11 lists dist/assets, over a thousand files, for each
    // asset: most of the server's CPU while pages load). The build does not change while the server runs.
    wildcard: false,
    // Not from disk: the assets (from memory, above), and the templates the server fills in before sending
    // (index.html and the prerendered pages, without their runtime configuration and CSP they are broken pages).
    // A short list: matching each of the build's 1,300 files against a pattern per asset took a second at start.
    globIgnore: ['assets/**', 'index.html', 'prerendered/**'],
    // build-web writes .br and .gz next to the files it compresses; the matching one is sent as it is.
    preCompressed: true,
    // Only unhashed files come from disk (the hashed assets are built-assets.ts's, cached for a year there).
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=3600');
    },
  });

  /** The page for a client route: prerendered when there is one (its CSP then allows its inline script and styles). */
  const pageFor = async (req: FastifyRequest, reply: FastifyReply): Promise<ShellPage> => {
    const locale = documentLocale(req);
    const prerenderedPage = prerendered.page(req, locale);
    const csp = reply.getHeader('content-security-policy');
    if (prerenderedPage && typeof csp === 'string')
      reply.header('content-security-policy', prerenderedPage.policy(csp));
    const hint = accountHint(req);
    const head = headFor ? await headFor(req) : '';
    return {
      key: `${prerenderedPage?.key ?? 'shell'}\n${locale}\n${hint}\n${head}`,
      html() {
        const texts = textsFor(locale);
        const page = (prerenderedPage?.html ?? template)
          .replace(/<html lang="[^"]*"/, `<html lang="${locale}"${hint}`)
          .replace(
            /<meta name="description" content="[^"]*"/,
            `<meta name="description" content="${escapeHtml(texts.description)}"`,
          )
          .replace(/<noscript>[^<]*<\/noscript>/, `<noscript>${escapeHtml(texts.noscript)}</noscript>`);
        return head ? page.replace('</head>', `${head}</head>`) : page;
      },
    };
  };
  return { pageFor };
}
