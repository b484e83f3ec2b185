import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request comes from our own pages, as far as the browser tells: its Origin is the site's, or
 * Fetch Metadata says same-origin (or a typed address). A request that carries neither header is not a
 * browser's cross-site request (browsers send Origin on every POST) and is let through: scripts and servers
 * hold no visitor's cookie.
 */
export function isSameSite(req: FastifyRequest, siteOrigin: string): boolean {
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  if (origin !== undefined && origin === siteOrigin) return true;
  if (site === 'same-origin' || site === 'none') return true;
  return origin === undefined && site === undefined;
}

/** Refuses a cross-site request with 403 CROSS_SITE_REQUEST (for the few GETs that change something). */
export function assertSameSite(req: FastifyRequest, siteOrigin: string): void {
  if (!isSameSite(req, siteOrigin)) throw new AppError('CROSS_SITE_REQUEST');
}

/**
 * Cross-site request forgery, app-wide: every state-changing request (any method but GET, HEAD, OPTIONS)
 * must come from the site's own pages, whether or not it carries a cookie (a forged login carries none).
 * Exempt: the payment processors' webhooks (server to server, signed) and the sandbox processor's pages,
 * whose sandboxed frame posts with an opaque origin ("null") and checks its own one-time payment id.
 */
export function registerCrossSiteGuard(app: FastifyInstance, publicUrl: string, exemptPrefixes: string[]): void {
  const siteOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', (req, _reply, done) => {
    if (SAFE_METHODS.has(req.method) || exemptPrefixes.some((p) => req.url.startsWith(p))) return done();
    if (isSameSite(req, siteOrigin)) return done();
    done(new AppError('CROSS_SITE_REQUEST'));
  });
}
