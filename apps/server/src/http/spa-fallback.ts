import { isKnownPage } from '@mindgauge/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Env, fromRoot } from '../config/env';
import type { Translator } from '../i18n/translator';
import { SANDBOX_PREFIX } from '../modules/payments/providers/sandbox-provider';
import type { PixelConfig } from '../modules/tracking/pixel-config';
import { continentOf, countryFrom } from '../modules/tracking/visitor-region';
import { compressedPages } from './compressed-pages';
import { sendError } from './error-handler';
import type { BasePaths } from './mount-endpoint';
import { registerStaticWeb, visitorMeta } from './static-web';

/**
 * The web app (when SERVE_WEB) and what answers an unknown URL: a GET or HEAD outside the API is a client
 * route, answered with the app's index.html; anything else is the translated 404. A path the route registry
 * does not know, or whose `{code}-{examId}` (variant, kind, …) fails validation, still gets index.html (the web
 * shows its translated not-found page) but with HTTP 404, so crawlers and monitors see the truth.
 */
export async function spaFallback(
  app: FastifyInstance,
  d: {
    env: Env;
    bases: BasePaths;
    translator: Translator;
    devMailbox: boolean;
    /** The ad pixels the page may load (tracking's pixel config). */
    pixels: PixelConfig;
    /** Tags some pages need in their <head> (Open Graph). */
    headFor: (req: FastifyRequest) => Promise<string>;
  },
): Promise<void> {
  const { env, bases, translator } = d;
  const web = env.SERVE_WEB
    ? await registerStaticWeb(
        app,
        fromRoot(env.WEB_DIST_DIR),
        {
          apiBase: bases.api,
          payBase: bases.pay,
          publicUrl: env.PUBLIC_URL,
          devMailbox: d.devMailbox,
          testMode: env.testMode,
          mode: env.APP_MODE,
          pixels: d.pixels,
        },
        (locale) => ({
          description: translator.t(locale, 'common:brand.description'),
          noscript: translator.t(locale, 'common:brand.noscript'),
        }),
        async (req) => {
          // The visitor's continent (for the ad consent rule) from the trusted country header, per request.
          const country = env.COUNTRY_HEADER ? countryFrom(req.headers[env.COUNTRY_HEADER]) : null;
          return visitorMeta(continentOf(country)) + (await d.headFor(req));
        },
      )
    : undefined;

  const apiPrefixes = [bases.api, bases.pay, '/dev/', '/healthz', '/metrics', SANDBOX_PREFIX];
  const isApi = (url: string) => apiPrefixes.some((p) => url === p || url.startsWith(p.endsWith('/') ? p : `${p}/`));
  if (web) {
    // Every other GET and HEAD outside the API (`/` included) is a client route; the built files' own routes win.
    // A prerendered page is tens of KB of HTML, the same for many visitors: compressed once and kept.
    const sendPage = compressedPages();
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: async (req, reply) => {
        if (isApi(req.url)) return reply.callNotFound();
        const status = isKnownPage(pathOf(req.url)) ? 200 : 404;
        const page = await web.pageFor(req, reply);
        reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
        return sendPage(req, reply, page);
      },
    });
  }
  app.setNotFoundHandler((req, reply) => sendError(reply, req, translator, 'NOT_FOUND'));
}

/** The path of a request URL, without its query or fragment. */
function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}
